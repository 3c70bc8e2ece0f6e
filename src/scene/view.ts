/** The director's visual state for the frame being drawn, sampled once per clock tick. */
import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { director } from '../director/store';
import type { VisualState } from '../director/timeline';

let cached: { time: number; revision: number; view: VisualState } | null = null;

export function currentView(): VisualState {
  const { time, revision } = director;
  if (!cached || cached.time !== time || cached.revision !== revision) cached = { time, revision, view: director.sample(time) };
  return cached.view;
}

/** Asks for a frame whenever the director's clock or queue changes (the canvas renders on demand). */
export function useDirectorFrames(): void {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    invalidate();
    return director.subscribe(() => invalidate());
  }, [invalidate]);
}
