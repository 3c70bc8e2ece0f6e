/**
 * The moves of the round as the board has shown them, with their captions and, on a laptop, the
 * win-chance graph. A click on a move looks back at the position after it in replay; leaving the replay
 * returns to the game as it stands.
 */
import { useEffect, useState } from 'react';
import { useSession } from '../../app/page/pageSession';
import { useCaptions } from '../watch/useCaptions';
import { WinChanceGraph } from '../watch/WinChanceGraph';
import { SymbolMark } from '../a11y/SymbolMark';
import { t } from '../../i18n/index';
import { CopyRecord } from './CopyRecord';

/** The position after `ply` moves of the game on the table, in replay (the game itself stays as it is). */
function lookBack(ply: number): void {
  const { openRecord, snapshot } = useSession.getState();
  openRecord(snapshot.record, { ply });
}

export function MoveList() {
  const moves = useSession((s) => s.shown.moves);
  const captions = useCaptions();
  const [ref, setRef] = useState<HTMLOListElement | null>(null);
  // A new move, or the last move's caption arriving (it may wrap to another line): the list shows its end.
  const lastCaption = captions.moves.at(-1)?.text;
  useEffect(() => {
    if (!ref) return;
    // In the next frame, not in React's task: the list's height lays the page out, at the start the
    // whole HUD's first layout (30-45 ms under software rendering).
    const frame = requestAnimationFrame(() => (ref.scrollTop = ref.scrollHeight));
    return () => cancelAnimationFrame(frame);
  }, [ref, moves.length, lastCaption, captions.result]);
  // The list shrinks when the graph under it appears or the window does: the last move stays in
  // sight, unless the player has scrolled up to read earlier ones.
  useEffect(() => {
    if (!ref || typeof ResizeObserver !== 'function') return;
    let atEnd = true;
    const onScroll = () => {
      atEnd = ref.scrollTop + ref.clientHeight >= ref.scrollHeight - 2;
    };
    const resized = new ResizeObserver(() => {
      if (atEnd) ref.scrollTop = ref.scrollHeight;
    });
    ref.addEventListener('scroll', onScroll, { passive: true });
    resized.observe(ref);
    return () => {
      resized.disconnect();
      ref.removeEventListener('scroll', onScroll);
    };
  }, [ref]);
  return (
    <section className="moves panel" aria-label={t('hud:moves')}>
      <header>
        <span>{t('hud:movesCount', { count: moves.length })}</span>
        <CopyRecord />
      </header>
      <ol ref={setRef} tabIndex={0} aria-label={t('hud:movesPlayed')}>
        {moves.map((m, i) => (
          <li key={i} className={i === moves.length - 1 ? 'last' : undefined}>
            <button className="link" onClick={() => lookBack(i + 1)} title={t('hud:lookBackTitle')}>
              <SymbolMark colour={m.colour} />
              <span className="caption">{captions.moves[i]?.text ?? m.squares.join('+')}</span>
            </button>
          </li>
        ))}
        {captions.result && <li className="result">{captions.result}</li>}
      </ol>
      <WinChanceGraph in="moves" />
    </section>
  );
}
