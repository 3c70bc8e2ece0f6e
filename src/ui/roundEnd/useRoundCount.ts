/**
 * The end-of-round count as the board plays it, for the DOM overlay: the director's phase (the
 * count, then the winner's moment), the colour being counted and the balls counted so far. The
 * director notifies every frame while it plays; a new object reaches React only when one of these
 * changes (a ball counted, the next colour, the next phase), never per frame.
 */
import { useEffect, useState } from 'react';
import type { Colour } from '../../engine/index';
import { COLOURS } from '../../engine/colours';
import { pageDirector } from '../../director/store';
import { emptyVisualState, type RoundOverView } from '../../director/view';

export interface RoundCount {
  phase: 'counting' | 'winner';
  /** The colour whose balls are being counted (null in the winner's moment). */
  counting: Colour | null;
  /** Balls counted so far per colour in play. */
  counted: Partial<Record<Colour, number>>;
  /** The winners' colours. */
  winners: readonly Colour[];
}

/** The count being played, null when none is (mid-round, or the round's result already shown). */
export function useRoundCount(): RoundCount | null {
  const [count, setCount] = useState<RoundCount | null>(null);
  useEffect(() => {
    const { director } = pageDirector();
    const view = emptyVisualState();
    let shown: RoundCount | null = null;
    const update = () => {
      const roundOver = director.sampleInto(view).roundOver;
      const next = roundOver && roundOver.phase !== 'done' ? roundOver : null;
      if (same(shown, next)) return;
      shown = next && { phase: next.phase as RoundCount['phase'], counting: next.counting, counted: { ...next.counted }, winners: next.winners };
      setCount(shown);
    };
    update();
    return director.subscribe(update);
  }, []);
  return count;
}

/** Whether `shown` still says what `view` says (compared field by field: no allocation per frame). */
function same(shown: RoundCount | null, view: RoundOverView | null): boolean {
  if (!shown || !view) return shown === view;
  if (shown.phase !== view.phase || shown.counting !== view.counting || shown.winners !== view.winners) return false;
  for (const c of COLOURS) if (shown.counted[c] !== view.counted[c]) return false;
  return true;
}
