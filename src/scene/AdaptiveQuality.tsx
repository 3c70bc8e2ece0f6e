/**
 * Adaptive quality: the pixel ratio follows the frame rate while the scene draws (it draws only when
 * something moves), between FAST_DPR and the screen's own, so a slow device keeps a steady frame
 * rate during animations and camera moves (qualityPolicy.ts decides; drei's PerformanceMonitor
 * counted the pauses between animations as slow frames). The ratio is readable for tests.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { pageDirector } from '../director/store';
import { FAST_DPR, PixelRatioPolicy } from './qualityPolicy';

export function AdaptiveQuality({ maxDpr }: { maxDpr: number }) {
  const setDpr = useThree((s) => s.setDpr);
  const policy = useMemo(() => new PixelRatioPolicy(Math.min(FAST_DPR, maxDpr), maxDpr), [maxDpr]);
  /** Whether the director was playing at the previous frame: then this frame followed at once, however long it took. */
  const animating = useRef(false);
  useFrame((_, delta) => {
    const dpr = policy.frame(delta * 1000, animating.current);
    animating.current = pageDirector().director.busy;
    if (dpr !== null) setDpr(dpr);
  });
  return null;
}
