/** Buttons for a blind player's questions (also shortcuts): answers go to the live region. Hidden until focused. */
import { useSession } from '../../app/page/pageSession';
import { runCommand } from './commands';
import { coloursInPlay } from './reading';
import { a11yTexts as t } from './texts';

export function ReadingPanel() {
  const colours = coloursInPlay(useSession((s) => s.snapshot));
  const button = (label: string, run: () => void) => (
    <button key={label} type="button" className="btn" onClick={run}>
      {label}
    </button>
  );
  return (
    <section className="reading reveal-on-focus panel" aria-label={t.readingLabel}>
      {button(t.readScore, () => runCommand('readScore'))}
      {button(t.readTurn, () => runCommand('readTurn'))}
      {button(t.readLast, () => runCommand('readLast'))}
      {button(t.readLegal, () => runCommand('readLegal'))}
      {colours.map((colour) => button(t.readBalls(colour), () => runCommand('readBalls', { colour })))}
      {button(t.readRow, () => runCommand('readRow'))}
      {button(t.readColumn, () => runCommand('readColumn'))}
    </section>
  );
}
