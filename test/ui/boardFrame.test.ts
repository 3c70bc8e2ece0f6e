/** The room the HUD's panels take from the board (useBoardFrame) and the free area the camera frames it in. */
import { describe, expect, it } from 'vitest';
import { measureInsets, settledInsets } from '../../src/ui/useBoardFrame';
import { freeArea } from '../../src/scene/cameraViews';

const panel = (left: number, top: number, right: number, bottom: number) => ({ getBoundingClientRect: () => ({ left, top, right, bottom, width: right - left, height: bottom - top }) }) as unknown as Element;

describe('the board frame', () => {
  it('counts a panel across the middle for the edge it stands against, corner panels not at all', () => {
    const phone = measureInsets([panel(8, 8, 142, 80), panel(243, 8, 382, 92), panel(8, 568, 382, 642), panel(8, 650, 382, 836)], 390, 844);
    expect(phone).toEqual({ top: 100, right: 0, bottom: 284, left: 0 });
    const laptop = measureInsets([panel(12, 12, 232, 125), panel(708, 12, 1268, 167), panel(1018, 177, 1268, 280), panel(1028, 628, 1268, 788), panel(393, 738, 887, 786)], 1280, 800);
    expect(laptop).toEqual({ top: 175, right: 0, bottom: 70, left: 0 });
    // Beside the middle of the height: the evaluation panel by a phone held sideways.
    expect(measureInsets([panel(583, 105, 831, 208)], 844, 390)).toEqual({ top: 0, right: 269, bottom: 0, left: 0 });
    // An empty slot (height, no width) counts; a panel not shown does not.
    expect(measureInsets([panel(195, 568, 195, 642), panel(0, 0, 0, 0)], 390, 844)).toEqual({ top: 0, right: 0, bottom: 284, left: 0 });
  });

  it('keeps the framing while a panel grows a little or shrinks a little, frames anew beyond that', () => {
    const first = settledInsets({ top: 0, right: 0, bottom: 0, left: 0 }, { top: 100, right: 0, bottom: 284, left: 0 });
    expect(first).toEqual({ top: 108, right: 0, bottom: 292, left: 0 });
    expect(settledInsets(first, { top: 104, right: 0, bottom: 280, left: 0 })).toEqual(first);
    expect(settledInsets(first, { top: 110, right: 0, bottom: 250, left: 0 })).toEqual({ top: 118, right: 0, bottom: 258, left: 0 });
  });

  it('puts the free area between the panels, its field of view the part of the screen it spans', () => {
    const area = freeArea(390, 844, { top: 100, right: 0, bottom: 284, left: 0 }, 38);
    expect(area.aspect).toBeCloseTo(390 / 460);
    expect(area.shiftX).toBe(0);
    expect(area.shiftY).toBe(92);
    expect(area.fov).toBeLessThan(38);
    // Panels leaving less than half the screen are not taken off.
    expect(freeArea(390, 300, { top: 100, right: 0, bottom: 100, left: 0 }, 38)).toEqual({ aspect: 1.3, fov: 38, shiftX: 0, shiftY: 0, short: true });
  });
});
