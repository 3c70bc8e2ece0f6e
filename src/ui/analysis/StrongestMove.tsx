/**
 * The Analysis panel's strongest move: a button (shortcut A) asks the master level about the
 * position on the board; its answer is one line naming the move and each player's win chance by
 * colour name (the scene marks the socket, StrongestMarker).
 */
import { useSession } from '../../app/page/pageSession';
import { useStrongestMove } from '../../app/analysis/strongestMove';
import { coloursName } from '../../i18n/index';
import { percentages } from '../watch/EvaluationBar';
import { texts } from './texts';

function Answer() {
  const { status, reason, move, chances } = useStrongestMove((s) => s);
  const players = useSession((s) => s.snapshot.setup.players);
  if (status === 'idle') return null;
  if (status === 'thinking') return <p className="note">{texts.strongestThinking}</p>;
  if (status === 'unavailable') return <p className="note">{reason}</p>;
  if (status === 'failed') return <p className="note">{texts.strongestFailed(reason ?? '')}</p>;
  const percent = percentages(chances ?? []);
  const line = texts.strongestLine(move ?? '', players.map((colours, p) => ({ player: coloursName(colours), percent: percent[p] })));
  return (
    <p className="strongest-line" data-testid="strongest-line">
      <span aria-hidden="true">★ </span>
      {line}
    </p>
  );
}

export function StrongestMove() {
  const ask = useStrongestMove((s) => s.ask);
  const thinking = useStrongestMove((s) => s.status === 'thinking');
  return (
    <div className="analysis-strongest" aria-live="polite">
      <button className="btn" onClick={ask} disabled={thinking} title={texts.strongestTitle} aria-keyshortcuts="A" data-testid="strongest-button">
        {texts.strongest}
      </button>
      <Answer />
    </div>
  );
}
