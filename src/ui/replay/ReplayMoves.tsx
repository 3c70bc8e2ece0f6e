/** The move list in replay: the followed line's moves (each a jump), and every line (the record and its variations). */
import { useEffect, useState } from 'react';
import { useSession } from '../../app/page/pageSession';
import { colourName } from '../../i18n/index';
import { texts } from './texts';
import { SymbolMark } from '../a11y/SymbolMark';

export function ReplayMoves() {
  const replay = useSession((s) => s.replay);
  const moves = useSession((s) => s.snapshot.state.moves);
  const replayGo = useSession((s) => s.replayGo);
  const [list, setList] = useState<HTMLOListElement | null>(null);
  // The list follows the position: the current move stays in view.
  useEffect(() => {
    const item = list?.querySelector('[aria-current="step"]');
    if (!list || !item) return;
    // The list alone scrolls (scrollIntoView would also move the page's fixed layout).
    const box = list.getBoundingClientRect();
    const at = item.getBoundingClientRect();
    if (at.top < box.top) list.scrollTop += at.top - box.top;
    else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
  }, [list, moves.length, replay?.line]);
  if (!replay) return null;
  const line = replay.lines[replay.line];
  const ply = moves.length;
  return (
    <section className="moves panel replay-moves" aria-label={texts.movesLabel} data-testid="replay-moves">
      <header>
        <span>{texts.movesHeading(texts.lineName(replay.line))}</span>
      </header>
      <ol ref={setList}>
        <li className={ply === 0 ? 'last' : undefined}>
          <button className="link" onClick={() => replayGo(replay.line, 0)} aria-current={ply === 0 ? 'step' : undefined}>
            {texts.startPosition}
          </button>
        </li>
        {line.map((m, i) => {
          const colour = i < ply ? moves[i].colour : null;
          return (
            <li key={i} className={`${i + 1 === ply ? 'last' : ''}${i >= ply ? ' ahead' : ''}`}>
              <button className="link" onClick={() => replayGo(replay.line, i + 1)} aria-current={i + 1 === ply ? 'step' : undefined}>
                {colour && <SymbolMark colour={colour} />}
                {colour && <span className="sr-only">{colourName(colour, true)} </span>}
                {i + 1}. {m.text}
                {m.timedOut && ` ${texts.timedOut}`}
              </button>
            </li>
          );
        })}
      </ol>
      {replay.lines.length > 1 && (
        <div className="lines" role="group" aria-label={texts.variations}>
          <span className="note">{texts.variations}</span>
          {replay.lines.map((_, i) => (
            <button key={i} className={`btn${i === replay.line ? ' on' : ''}`} aria-pressed={i === replay.line} onClick={() => replayGo(i, i === 0 ? replay.branchedAt[replay.line] + 1 : replay.branchedAt[i] + 1)}>
              {i === 0 ? texts.recordLine : texts.variationFrom(i, replay.branchedAt[i])}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
