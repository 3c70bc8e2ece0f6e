/** Camera presets: from each seat's side of the table (its colour's swatch with its symbol), or straight down. */
import { useSession } from '../app/page/pageSession';
import { type CameraPreset, useCamera } from '../scene/cameraStore';
import { colourName, t } from '../i18n/index';
import { personContext, playerName } from '../i18n/playerNames';
import { SymbolMark } from './a11y/SymbolMark';

export function CameraButtons() {
  const seats = useSession((s) => s.seats);
  const current = useCamera((s) => s.preset);
  const setPreset = useCamera((s) => s.setPreset);
  // One view per seat: from behind its (first) colour's button.
  const views: { preset: CameraPreset; title: string }[] = [
    ...seats.map((seat) => ({ preset: seat.colours[0] as CameraPreset, title: t('hud:viewFrom', { name: playerName(seat.name), colour: colourName(seat.colours[0], true), context: personContext(seat.name) }) })),
    { preset: 'top', title: t('hud:topTitle') },
  ];
  return (
    <span className="group" role="group" aria-label={t('hud:camera')}>
      {views.map((v) => (
        <button
          key={v.preset}
          className={`btn${current === v.preset ? ' on' : ''}`}
          aria-pressed={current === v.preset}
          onClick={() => setPreset(v.preset)}
          title={v.title}
          aria-label={v.preset === 'top' ? undefined : v.title}
        >
          {v.preset === 'top' ? (
            t('hud:top')
          ) : (
            // No title of its own: the button's says whose view it is.
            <span className={`swatch ${v.preset}`} style={{ verticalAlign: 'middle' }}>
              <SymbolMark colour={v.preset} />
            </span>
          )}
        </button>
      ))}
    </span>
  );
}
