/**
 * Where the win-chance graph prints each line's initial: at its line's end, moved apart just enough
 * that no two overlap when the chances are close (the order kept, all within the graph).
 */
export function spreadLabels(ys: readonly number[], gap: number, top: number, bottom: number): number[] {
  const order = ys.map((_, i) => i).sort((a, b) => ys[a] - ys[b] || a - b);
  const placed = order.map((i) => Math.min(Math.max(ys[i], top), bottom));
  // Down from the top: each at least `gap` below the one above it.
  for (let k = 1; k < placed.length; k++) placed[k] = Math.max(placed[k], placed[k - 1] + gap);
  // Up from the bottom, if that pushed the last ones out: each at least `gap` above the one below it.
  placed[placed.length - 1] = Math.min(placed[placed.length - 1], bottom);
  for (let k = placed.length - 2; k >= 0; k--) placed[k] = Math.min(placed[k], placed[k + 1] - gap);
  const out = new Array<number>(ys.length);
  order.forEach((i, k) => (out[i] = placed[k]));
  return out;
}
