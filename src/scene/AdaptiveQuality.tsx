/**
 * Adaptive quality: the pixel ratio follows the frame rate while the scene draws (it draws only when
 * something moves), between FAST_DPR and the screen's own, so a slow device keeps a steady frame
 * rate during animations and camera moves (qualityPolicy.ts decides; drei's PerformanceMonitor
 * counted the pauses between animations as slow frames). The ratio is readable for tests.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useMemo } from 'react';
import { FAST_DPR, PixelRatioPolicy } from './qualityPolicy';

export function AdaptiveQuality({ maxDpr }: { maxDpr: number }) {
  const setDpr = useThree((s) => s.setDpr);
  const policy = useMemo(() => new PixelRatioPolicy(Math.min(FAST_DPR, maxDpr), maxDpr), [maxDpr]);
  useFrame((_, delta) => {
    const dpr = policy.frame(delta * 1000);
    if (dpr !== null) setDpr(dpr);
  });
  return null;
}
