/** Continue from the move on the board with chosen seats: each seat human or a computer level. */
import { useRef, useState } from 'react';
import { LEVELS } from '../../ai/index';
import { useSession } from '../../app/page/pageSession';
import { coloursName, levelName } from '../../i18n/index';
import { useDialogFocus } from '../a11y/useDialogFocus';
import { texts } from './texts';
import { type PlayerSpec } from '../../engine/index';

const HUMAN = 'human';

export function ContinueDialog({ onClose }: { onClose: () => void }) {
  const seats = useSession((s) => s.seats);
  const ply = useSession((s) => s.snapshot.state.moves.length);
  const [choices, setChoices] = useState(() => seats.map((seat) => (seat.kind === 'computer' ? seat.level! : HUMAN)));
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  // Focus in on opening, Tab kept inside, Escape closes, focus back to the Continue button.
  useDialogFocus(dialog, onClose);
  const play = () => {
    const players: PlayerSpec[] = seats.map((seat, i) => {
      const name = coloursName(seat.colours);
      return choices[i] === HUMAN ? { kind: 'human', name } : { kind: 'computer', level: choices[i], name: `${name} (${levelName(choices[i])})` };
    });
    const problem = useSession.getState().replayContinue(players);
    if (problem) setError(problem);
    else onClose();
  };
  return (
    <div ref={dialog} className="overlay" role="dialog" aria-modal="true" aria-labelledby="continue-title">
      <div className="card dialog">
        <h2 id="continue-title">{texts.continueHeading}</h2>
        <div className="stack">
          {seats.map((seat, i) => (
            <label key={seat.colours.join()}>
              {texts.seatLabel(coloursName(seat.colours))}{' '}
              <select value={choices[i]} onChange={(e) => setChoices(choices.map((c, j) => (j === i ? e.target.value : c)))}>
                <option value={HUMAN}>{texts.human}</option>
                {LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {texts.computer(level)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <p className="note">{texts.continueNote(ply)}</p>
        {error && <div className="error">{error}</div>}
        <div className="actions">
          <button className="btn" onClick={onClose}>
            {texts.cancel}
          </button>
          <button className="btn primary" onClick={play}>
            {texts.play}
          </button>
        </div>
      </div>
    </div>
  );
}
