/**
 * The evaluation bar: for each player in play (named by colour, never by colour alone), the share
 * of the balls now and the win chance the master level estimates; a stacked bar of the chances and,
 * on a phone, the graph of the chances over the round (a laptop has it in its move list).
 * Percentages are rounded so that they still add up to 100. Hideable with the rest of the engine's help (ui/engineHelp).
 */
import { engineHelpShown } from '../../app/session/remoteRound';
import { useMemo } from 'react';
import { shownHistory, useEvaluation } from '../../app/analysis/evaluation';
import { useSession } from '../../app/page/pageSession';
import { coloursName } from '../../i18n/index';
import { Swatches } from '../hud/Swatches';
import { setEngineHelpHidden, useEngineHelpHidden } from '../engineHelp';
import { watchTexts as t } from './texts';
import { WinChanceGraph } from './WinChanceGraph';
import { useLoadProgress } from '../../scene/loadProgress';

/** Whole percentages of `parts` that sum to exactly 100 (largest remainders). */
export function percentages(parts: readonly number[]): number[] {
  const total = parts.reduce((a, b) => a + b, 0);
  if (total <= 0) return parts.map(() => 0);
  const exact = parts.map((p) => (p / total) * 100);
  const whole = exact.map(Math.floor);
  let left = 100 - whole.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) if (left-- > 0) whole[i]++;
  return whole;
}

export function EvaluationBar() {
  const hidden = useEngineHelpHidden();
  // An online player sees no evaluation unless the host allowed engine help.
  const help = useSession(engineHelpShown);
  const players = useSession((s) => s.snapshot.setup.players);
  // What the board shows: its ball counts, and the newest estimate of a position it has shown.
  const scores = useSession((s) => s.shown.scores);
  const shownMoves = useSession((s) => s.shown.moves.length);
  const shownOver = useSession((s) => s.shown.over);
  const history = useEvaluation((e) => e.history);
  const latest = useMemo(() => shownHistory(history, shownMoves, shownOver).at(-1) ?? null, [history, shownMoves, shownOver]);
  // Nothing of it on the loading screen: its board is not there yet.
  const loaded = useLoadProgress((p) => p.settled);
  if (!help || !loaded) return null;
  if (hidden) {
    return (
      <button className="btn evaluation-show" onClick={() => setEngineHelpHidden(false)}>
        {t.show}
      </button>
    );
  }
  const balls = percentages(players.map((colours) => colours.reduce((n, c) => n + (scores[c] ?? 0), 0)));
  const wins = latest && latest.chances.length === players.length ? percentages(latest.chances) : null;
  return (
    <section className="evaluation panel" aria-label={t.evaluation} title={t.evaluationTip} data-testid="evaluation">
      <header>
        <span>{t.evaluation}</span>
        <button className="btn" onClick={() => setEngineHelpHidden(true)} title={t.hideTip}>
          {t.hide}
        </button>
      </header>
      <div className="stack" aria-hidden="true">
        {players.map((colours, p) => (
          <span key={p} className={`segment ${colours[0]}`} style={{ flexGrow: wins ? wins[p] : 1 }} />
        ))}
      </div>
      <table>
        <tbody>
          {players.map((colours, p) => (
            <tr key={p} data-player={p}>
              <td className={colours.length > 1 ? 'team' : undefined}>
                <Swatches colours={colours} /> {coloursName(colours)}
              </td>
              <td className="n">{t.balls(balls[p])}</td>
              <td className="n win">{wins ? t.win(wins[p]) : t.estimating}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <WinChanceGraph in="evaluation" />
    </section>
  );
}
