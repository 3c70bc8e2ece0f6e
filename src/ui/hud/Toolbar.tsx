/** The HUD's controls: new game, undo, speed, hints, coordinates, rules, tour, watch, sound, records, views, help, language. */
import { useRef } from 'react';
import { useSession } from '../../app/page/pageSession';
import { SPEEDS } from '../../app/setup/settings';
import { useDirector } from '../../director/index';
import { CameraButtons } from '../CameraButtons';
import { SoundControls } from '../watch/SoundControls';
import { WatchControls } from '../watch/WatchControls';
import { HelpButton } from '../a11y/HelpOverlay';
import { ResetViewButton } from '../a11y/ResetView';
import { RecordButtons } from '../replay/RecordButtons';
import { useToolbarHeight } from '../useToolbarHeight';
import { LanguageSelect } from '../LanguageSelect';
import { TourButton } from '../tour/TourPanel';
import { t } from '../../i18n/index';
import { hudTexts } from './hudTexts';

function speedLabel(speed: number): string {
  return speed === Infinity ? t('hud:instant') : t('hud:speedTimes', { speed });
}

export function Toolbar({ onNewGame, onRules }: { onNewGame: () => void; onRules: () => void }) {
  const takeBacks = useSession((s) => s.snapshot.setup.takeBacks);
  const canUndo = useSession((s) => s.snapshot.canUndo);
  const settings = useSession((s) => s.settings);
  const { undo, setSpeed, setSocketDots, setCoordinates } = useSession.getState();
  const busy = useDirector((s) => s.busy);
  const skip = useDirector((s) => s.skip);
  const toolbar = useRef<HTMLElement>(null);
  useToolbarHeight(toolbar);
  return (
    <nav ref={toolbar} className="toolbar panel" aria-label={t('hud:controls')}>
      <button className="btn primary" onClick={onNewGame}>
        {t('hud:newGame')}
      </button>
      {takeBacks && (
        <button className="btn" onClick={undo} disabled={!canUndo} title={t('hud:undoTitle')}>
          {t('hud:undo')}
        </button>
      )}
      <span className="group">
        <label>
          <span className="label-text">{t('hud:speed')}</span>
          <select aria-label={t('hud:speedLabel')} value={String(settings.speed)} onChange={(e) => setSpeed(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {speedLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <button className="btn" onClick={skip} disabled={!busy} title={t('hud:skipTitle')}>
          {t('hud:skip')}
        </button>
      </span>
      <button className={`btn${settings.socketDots ? ' on' : ''}`} aria-pressed={settings.socketDots} onClick={() => setSocketDots(!settings.socketDots)} title={t('hud:hintsTitle')}>
        {t('hud:hints')}
      </button>
      <button className={`btn${settings.coordinates ? ' on' : ''}`} aria-pressed={settings.coordinates} onClick={() => setCoordinates(!settings.coordinates)} title={hudTexts.coordinatesTitle}>
        a1
      </button>
      <button className="btn" onClick={onRules} title={hudTexts.rulesTitle}>
        {hudTexts.rules}
      </button>
      <TourButton />
      <WatchControls />
      <SoundControls />
      <RecordButtons />
      <CameraButtons />
      <ResetViewButton />
      <HelpButton />
      <LanguageSelect />
    </nav>
  );
}
