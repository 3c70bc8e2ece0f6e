/**
 * The analysis panel: exact values on demand (written on the board by the scene, listed here
 * too: two players, each move's final ball difference; three and four, the mover's place and
 * final balls, the best moves marked in words once every move is solved), the strongest level's
 * move on demand (marked on the board), and every legal socket as a button, so the "what would
 * roll" preview is there from the keyboard: focusing a socket previews it like hovering the
 * board, a click plays it. All of it is engine help: with help off there is no panel (the socket
 * buttons would give the legal moves away; the accessible board grid plays from the keyboard).
 */
import { analysisTexts } from '../../app/analysis/analysisTexts';
import { bestMoves, signedValue, socketOutcomes, socketValues, useExactValues } from '../../app/analysis/exactValues';
import { useSession } from '../../app/page/pageSession';
import { colourCounts } from '../../i18n/index';
import { useEngineHelp } from '../engineHelp';
import { useSmallScreen } from '../useSmallScreen';
import { StrongestMove } from './StrongestMove';
import { texts } from './texts';
import './analysis.css';

function PreviewLine() {
  const preview = useSession((s) => s.preview);
  // Above the socket buttons: the panel grows upwards from the bottom of the page, so a preview
  // that wraps to more lines (four colours' counts) never moves the button under the pointer.
  // Why a socket is refused is the status line's to say (once, in one place), not this panel's.
  if (!preview?.legal) return <p className="analysis-preview" data-testid="analysis-preview" aria-live="polite" />;
  return (
    <p className="analysis-preview" data-testid="analysis-preview" aria-live="polite">
      {texts.rolls(preview.first ? `${preview.first}+${preview.square}` : preview.square, preview.rolls)}
      {preview.after && (
        <>
          <br />
          {texts.after(colourCounts(Object.entries(preview.after), true))}
        </>
      )}
    </p>
  );
}

function ExactStatus() {
  const { status, reason, moves, values, outcomes } = useExactValues((s) => s);
  const toMove = useSession((s) => s.snapshot.toMove);
  const maxn = useSession((s) => s.snapshot.setup.players.length > 2);
  if (status === 'off') return null;
  if (status === 'unavailable' || status === 'failed') return <p className="note">{status === 'failed' ? texts.failed(reason ?? '') : reason}</p>;
  return (
    <p className="note" data-testid="exact-status">
      {status === 'solving' ? texts.solving(Object.keys(maxn ? outcomes : values).length, moves) : (maxn ? texts.solvedMaxn : texts.solved)(toMove ?? '')}
    </p>
  );
}

/** Phones: the toolbar and status fill the bottom; the analysis board is a desktop tool for now. */
export function AnalysisPanel() {
  return useSmallScreen() ? null : <AnalysisBoard />;
}

function AnalysisBoard() {
  const on = useExactValues((s) => s.on);
  const setOn = useExactValues((s) => s.setOn);
  const values = useExactValues((s) => s.values);
  const outcomes = useExactValues((s) => s.outcomes);
  const done = useExactValues((s) => s.status === 'done');
  const misere = useExactValues((s) => s.misere);
  const squares = useSession((s) => s.legalSquares);
  const { hoverSquare, clickSquare } = useSession.getState();
  // Exact values and the strongest move are engine help: shown when switched on (online, if the host allowed it).
  const help = useEngineHelp();
  const bySocket = socketValues(values, misere);
  const outcomeBySocket = socketOutcomes(outcomes);
  // The best moves are known once every move is solved; a socket is best when one of its moves is.
  const best = new Set(done ? [...bestMoves(outcomes)].flatMap((move) => move.split('+')) : []);
  // Without engine help, nothing: its socket buttons would give the legal moves away.
  if (!help) return null;
  return (
    <section className="analysis panel" aria-label={texts.panelLabel} data-testid="analysis">
      <label title={texts.exactTitle}>
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} /> {texts.exactValues}
      </label>
      <ExactStatus />
      <StrongestMove />
      <PreviewLine />
      {squares.length > 0 && (
        <ul className="analysis-sockets" aria-label={texts.socketsLabel}>
          {squares.map((square) => {
            const value = bySocket.get(square);
            const outcome = outcomeBySocket.get(square);
            return (
              <li key={square}>
                <button
                  className="btn"
                  data-square={square}
                  data-value={value ?? ''}
                  data-best={outcome && best.has(square) ? '' : undefined}
                  onMouseEnter={() => hoverSquare(square)}
                  onMouseLeave={() => hoverSquare(null)}
                  onFocus={() => hoverSquare(square)}
                  onBlur={() => hoverSquare(null)}
                  onClick={() => clickSquare(square)}
                >
                  {outcome ? analysisTexts.outcome(square, outcome, best.has(square)) : texts.socket(square, value === undefined ? null : signedValue(value))}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
