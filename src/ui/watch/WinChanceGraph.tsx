/**
 * The win chances over the round, one line per player (each with its own dash pattern and its
 * colour's initial at the end, so the lines are told apart without colour), the biggest swings
 * ringed with their move in a tooltip. Hidden with the evaluation bar.
 */
import { engineHelpShown } from '../../app/session/remoteRound';
import { useMemo } from 'react';
import { biggestSwings, shownHistory, useEvaluation } from '../../app/analysis/evaluation';
import { useSession } from '../../app/page/pageSession';
import { coloursName } from '../../i18n/index';
import { useEngineHelpHidden } from '../engineHelp';
import { spreadLabels } from './graphLabels';
import { type PhoneShape, usePhoneShape, useScreenWidth } from '../useSmallScreen';
import { watchTexts as t } from './texts';

/**
 * The graph's size in CSS px, drawn at that size (never scaled: its initials stay 9 px and apart):
 * a laptop's in its move list, a phone's in the evaluation panel, as wide as the panel (upright, the
 * screen's width; sideways, its right column).
 */
function graphSize(shape: PhoneShape, screenWidth: number): [number, number] {
  if (shape === 'upright') return [Math.min(480, screenWidth - 16 - 22), 48];
  if (shape === 'sideways') return [SIDE_COLUMN - 22, 44];
  return [196, 64];
}
/** A phone held sideways: the width of its side columns (hud.css's --side-column). */
const SIDE_COLUMN = 200;
const DASHES = ['', '6 3', '2 2', '8 2 2 2'];
/** The initials' line height (their font is 9 px, watch.css): the least distance between two of them. */
const LABEL = 10;

/** The graph where it is drawn on this screen: in the move list on a laptop (`in: 'moves'`), in the evaluation panel on a phone. */
export function WinChanceGraph({ in: place }: { in: 'moves' | 'evaluation' }) {
  const shape = usePhoneShape();
  const screenWidth = useScreenWidth();
  if ((place === 'moves') !== (shape === null)) return null;
  return <Graph size={graphSize(shape, screenWidth)} />;
}

function Graph({ size: [W, H] }: { size: [number, number] }) {
  const hidden = useEngineHelpHidden();
  const all = useEvaluation((e) => e.history);
  const shownMoves = useSession((s) => s.shown.moves.length);
  const shownOver = useSession((s) => s.shown.over);
  const history = useMemo(() => shownHistory(all, shownMoves, shownOver), [all, shownMoves, shownOver]);
  const players = useSession((s) => s.snapshot.setup.players);
  const size = useSession((s) => s.snapshot.setup.size);
  const help = useSession(engineHelpShown);
  if (hidden || !help || history.length < 2) return null;
  const totalMoves = size * size - 4;
  const x = (move: number) => (move / totalMoves) * (W - 12) + 2;
  const y = (chance: number) => H - 3 - chance * (H - 6);
  const last = history[history.length - 1];
  const labelYs = spreadLabels(players.map((_, p) => y(last.chances[p])), LABEL, LABEL / 2, H - LABEL / 2);
  return (
    <svg className="win-graph" width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t.graph} data-testid="win-graph">
      <title>{t.graph}</title>
      {players.map((colours, p) => (
        <g key={p}>
          <polyline className={`line ${colours[0]}`} strokeDasharray={DASHES[p]} points={history.map((h) => `${x(h.move).toFixed(1)},${y(h.chances[p]).toFixed(1)}`).join(' ')} />
          <text x={x(last.move) + 3} y={labelYs[p] + 3} className="initial">
            {coloursName(colours)[0]}
          </text>
        </g>
      ))}
      {biggestSwings(history).map((s) => {
        const point = history.find((h) => h.move === s.move)!;
        return (
          <circle key={s.move} className="swing" cx={x(s.move)} cy={y(point.chances[s.player])} r={4}>
            <title>{t.swing(s.move, coloursName(players[s.player]), Math.round(s.change * 100))}</title>
          </circle>
        );
      })}
    </svg>
  );
}
