/**
 * Replay controls: start, back, forward, end (also Home, Left, Right, End on the keyboard) and a
 * scrubber. One move back or forward is animated (back: the balls roll back); further is at once.
 */
import { lazy, type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { texts as analysisTexts } from '../analysis/texts';
import { useSession } from '../../app/page/pageSession';
import { LaterPart } from '../LaterPart';
import { texts } from './texts';

// Fetched when first opened.
const ContinueDialog = lazy(() => import('../analysis/ContinueDialog').then((m) => ({ default: m.ContinueDialog })));
const ClipDialog = lazy(() => import('./ClipDialog').then((m) => ({ default: m.ClipDialog })));

/** A dialog over the whole page. */
const overPage = (dialog: ReactNode) => createPortal(<LaterPart>{dialog}</LaterPart>, document.querySelector('.app') ?? document.body);

/** Keys belong to a focused field, an open dialog or the keyboard board (its cursor), not to the replay. */
function keyIsElsewhere(e: KeyboardEvent): boolean {
  const target = e.target as HTMLElement | null;
  return !!target?.closest('input, textarea, select, [role="dialog"], .board-grid') || e.altKey || e.ctrlKey || e.metaKey;
}

export function ReplayBar() {
  const replay = useSession((s) => s.replay);
  const ply = useSession((s) => s.snapshot.state.moves.length);
  const { replayStep, replayGo } = useSession.getState();
  const line = replay?.line ?? 0;
  const total = replay?.lines[line].length ?? 0;
  const [clip, setClip] = useState(false);
  const [continuing, setContinuing] = useState(false);
  const over = useSession((s) => s.snapshot.over);
  useEffect(() => {
    if (!replay) return;
    const onKey = (e: KeyboardEvent) => {
      if (keyIsElsewhere(e)) return;
      const go: Record<string, () => void> = {
        ArrowLeft: () => replayStep(-1),
        ArrowRight: () => replayStep(1),
        Home: () => replayGo(line, 0),
        End: () => replayGo(line, total),
      };
      if (!go[e.key]) return;
      // Before the page's board-cursor keys (which take arrows to the board): in replay Left,
      // Right, Home and End step through the game; Up and Down still go to the board.
      e.preventDefault();
      e.stopPropagation();
      go[e.key]();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [replay, line, total, replayStep, replayGo]);
  if (!replay) return null;
  return (
    <section className="replay-bar panel" aria-label={texts.replayLabel} data-testid="replay-bar">
      <b>{texts.replayLabel}</b>
      <button className="btn" onClick={() => replayGo(line, 0)} disabled={ply === 0} title={texts.startTitle} aria-label={texts.start}>
        |◀
      </button>
      <button className="btn" onClick={() => replayStep(-1)} disabled={ply === 0} title={texts.backTitle} aria-label={texts.back}>
        ◀
      </button>
      <button className="btn" onClick={() => replayStep(1)} disabled={ply >= total} title={texts.forwardTitle} aria-label={texts.forward}>
        ▶
      </button>
      <button className="btn" onClick={() => replayGo(line, total)} disabled={ply >= total} title={texts.endTitle} aria-label={texts.end}>
        ▶|
      </button>
      <input type="range" min={0} max={total} value={Math.min(ply, total)} onChange={(e) => replayGo(line, Number(e.target.value))} aria-label={texts.scrubber} aria-valuetext={texts.position(ply, total)} />
      <span className="replay-position" data-testid="replay-position">
        {texts.position(ply, total)}
      </span>
      <button className="btn" onClick={() => setClip(true)} title={texts.clipTitle} disabled={total === 0}>
        {texts.clip}
      </button>
      <button className="btn" onClick={() => setContinuing(true)} title={analysisTexts.continueTitle} disabled={over}>
        {analysisTexts.continue}
      </button>
      <span className="note">{texts.following(texts.lineName(line))}</span>
      <button className="btn" onClick={() => useSession.getState().leaveReplay()} title={texts.leaveTitle} data-testid="leave-replay">
        {texts.leave}
      </button>
      {continuing && overPage(<ContinueDialog onClose={() => setContinuing(false)} />)}
      {clip && overPage(<ClipDialog onClose={() => setClip(false)} />)}
    </section>
  );
}
