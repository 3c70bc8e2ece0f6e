import { describe, expect, it } from 'vitest';
import { spreadLabels } from '../../src/ui/watch/graphLabels';

describe('spreadLabels', () => {
  it('leaves labels that are apart where they are', () => {
    expect(spreadLabels([10, 40, 25], 9, 0, 64)).toEqual([10, 40, 25]);
  });

  it('moves close labels apart by the gap, keeping their order', () => {
    const ys = spreadLabels([30, 31, 29, 30.5], 9, 0, 64);
    const sorted = [...ys].sort((a, b) => a - b);
    for (let k = 1; k < sorted.length; k++) expect(sorted[k] - sorted[k - 1]).toBeGreaterThanOrEqual(9 - 1e-9);
    // The order of the lines' ends is kept: 29 < 30 < 30.5 < 31.
    expect(ys[2]).toBeLessThan(ys[0]);
    expect(ys[0]).toBeLessThan(ys[3]);
    expect(ys[3]).toBeLessThan(ys[1]);
  });

  it('keeps every label inside the graph when the lines end at its edge', () => {
    const low = spreadLabels([62, 63, 63, 61], 9, 4, 63);
    expect(Math.max(...low)).toBeLessThanOrEqual(63);
    expect(Math.min(...low)).toBeGreaterThanOrEqual(4);
    const sorted = [...low].sort((a, b) => a - b);
    for (let k = 1; k < sorted.length; k++) expect(sorted[k] - sorted[k - 1]).toBeGreaterThanOrEqual(9 - 1e-9);
  });
});
