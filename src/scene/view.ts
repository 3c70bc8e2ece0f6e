/** The director's visual state for the frame being drawn, sampled once per clock tick. */
import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { pageDirector } from '../director/store';
import { type Director } from '../director/timeline';
import { emptyVisualState, type VisualState } from '../director/view';

/** One visual state, refilled when the page director's clock or queue has moved (no allocation per frame). */
const view = emptyVisualState();
const sampled = { director: null as Director | null, time: -1, revision: -1 };

export function currentView(): VisualState {
  const { director } = pageDirector();
  const { time, revision } = director;
  if (sampled.director !== director || sampled.time !== time || sampled.revision !== revision) {
    director.sampleInto(view, time);
    Object.assign(sampled, { director, time, revision });
  }
  return view;
}

/** Asks for a frame whenever the director's clock or queue changes (the canvas renders on demand). */
export function useDirectorFrames(): void {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    invalidate();
    return pageDirector().director.subscribe(() => invalidate());
  }, [invalidate]);
}
