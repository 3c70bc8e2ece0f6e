import { describe, expect, it } from 'vitest';
import { ciede2000, lab, pairDistances, simulate } from '../browser/colourVision';
import { PAINT } from '../../src/scene/layout';

const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as unknown as [number, number, number];

describe('colour-vision measurement', () => {
  it('CIEDE2000 matches Sharma, Wu and Dalal\'s test pairs', () => {
    expect(ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(ciede2000([50, -1.3802, -84.2814], [50, 0, -82.7485])).toBeCloseTo(1.0, 4);
    expect(ciede2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(ciede2000([2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514])).toBeCloseTo(0.9082, 4);
  });

  it('sRGB to CIELAB and the simulations behave as published (white stays white, greys stay grey)', () => {
    const white = lab([255, 255, 255]);
    expect(white[0]).toBeCloseTo(100, 2);
    expect(Math.abs(white[1]) + Math.abs(white[2])).toBeLessThan(0.05);
    for (const v of ['protanopia', 'deuteranopia', 'tritanopia'] as const) {
      expect(simulate([255, 255, 255], v)).toEqual([255, 255, 255]);
      const grey = simulate([128, 128, 128], v);
      expect(Math.max(...grey) - Math.min(...grey)).toBeLessThanOrEqual(1);
    }
    // Deuteranopes confuse a pure red and a pure green far more than normal vision does.
    const [normal] = pairDistances({ r: [220, 30, 30], g: [30, 160, 30] }, 'normal');
    const [deut] = pairDistances({ r: [220, 30, 30], g: [30, 160, 30] }, 'deuteranopia');
    expect(deut.delta).toBeLessThan(normal.delta / 2);
  });

  it('the paint keeps every pair at least 20 apart in every simulation', () => {
    const paint = Object.fromEntries(Object.entries(PAINT).map(([c, h]) => [c, hex(h)]));
    for (const v of ['normal', 'protanopia', 'deuteranopia', 'tritanopia'] as const)
      for (const p of pairDistances(paint, v)) expect(p.delta, `${v} ${p.pair}`).toBeGreaterThan(20);
  });
});
