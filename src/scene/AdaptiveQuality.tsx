/**
 * Adaptive quality: drei's PerformanceMonitor watches the frame rate while the scene draws (it
 * draws only when something moves) and the pixel ratio follows it between MIN_DPR and the
 * screen's own, so a slow device keeps a steady frame rate during animations and camera moves.
 */
import { PerformanceMonitor } from '@react-three/drei';
import { useThree } from '@react-three/fiber';

const MIN_DPR = 0.75;

export function AdaptiveQuality({ maxDpr }: { maxDpr: number }) {
  const setDpr = useThree((s) => s.setDpr);
  // factor 0..1 from the monitor; steps of a quarter so small changes do not re-allocate the buffers.
  const apply = (factor: number) => setDpr(Math.round((MIN_DPR + (maxDpr - MIN_DPR) * factor) * 4) / 4);
  return <PerformanceMonitor factor={1} flipflops={4} onChange={({ factor }) => apply(factor)} onFallback={() => setDpr(MIN_DPR)} />;
}
