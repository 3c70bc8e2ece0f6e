/** The room the HUD's panels take from the board (useBoardFrame) and the free area the camera frames it in. */
import { describe, expect, it } from 'vitest';
import { measureInsets, settledInsets } from '../../src/ui/useBoardFrame';
import { freeArea } from '../../src/scene/CameraRig';

const panel = (left: number, top: number, right: number, bottom: number) => ({ getBoundingClientRect: () => ({ left, top, right, bottom, width: right - left, height: bottom - top }) }) as unknown as Element;

const edges = (top: number, right: number, bottom: number, left: number, trayTop = 0, trayBottom = 0) => ({ top, right, bottom, left, trayTop, trayBottom });

describe('the board frame', () => {
  it('counts a panel across the middle for the edge it stands against, corner panels not at all', () => {
    const phone = measureInsets([panel(8, 8, 142, 80), panel(243, 8, 382, 92), panel(8, 568, 382, 642), panel(8, 650, 382, 836)], 390, 844);
    expect(phone).toEqual(edges(100, 0, 284, 0));
    const laptop = measureInsets([panel(12, 12, 232, 125), panel(708, 12, 1268, 167), panel(1018, 177, 1268, 280), panel(1028, 628, 1268, 788), panel(393, 738, 887, 786)], 1280, 800);
    // The evaluation above and the analysis below, in the right-hand corners: the tray's band.
    expect(laptop).toEqual(edges(175, 0, 70, 0, 288, 180));
    // Beside the middle of the height: the evaluation panel by a phone held sideways.
    expect(measureInsets([panel(583, 105, 831, 208)], 844, 390)).toEqual(edges(0, 269, 0, 0));
    // A corner panel beside one taking the whole right side (a phone's moves above its evaluation) leaves the tray's band alone.
    expect(measureInsets([panel(583, 105, 831, 208), panel(696, 8, 836, 92)], 844, 390)).toEqual(edges(0, 269, 0, 0));
    // An empty slot (height, no width) counts; a panel not shown does not.
    expect(measureInsets([panel(195, 568, 195, 642), panel(0, 0, 0, 0)], 390, 844)).toEqual(edges(0, 0, 284, 0));
  });

  it('keeps the framing while a panel grows a little or shrinks a little, frames anew beyond that', () => {
    const first = settledInsets(edges(0, 0, 0, 0), edges(100, 0, 284, 0, 150));
    expect(first).toEqual(edges(108, 0, 292, 0, 158));
    expect(settledInsets(first, edges(104, 0, 280, 0, 152))).toEqual(first);
    expect(settledInsets(first, edges(110, 0, 250, 0, 170))).toEqual(edges(118, 0, 258, 0, 178));
  });

  it('puts the free area between the panels, its field of view the part of the screen it spans', () => {
    const area = freeArea(390, 844, edges(100, 0, 284, 0), 38);
    expect(area.aspect).toBeCloseTo(390 / 460);
    expect(area.shiftX).toBe(0);
    expect(area.shiftY).toBe(92);
    expect(area.fov).toBeLessThan(38);
    // Panels leaving less than half the screen are not taken off.
    expect(freeArea(390, 300, edges(100, 0, 100, 0), 38)).toEqual({ aspect: 1.3, fov: 38, shiftX: 0, shiftY: 0, trayUp: 1, trayDown: 1 });
  });

  it("gives the tray the band between the right-hand corner panels, as parts of the free area's half height", () => {
    // A 1280x800 laptop: the status line below (80), the evaluation above the tray's band (218), the analysis below it (180).
    const laptop = freeArea(1280, 800, edges(0, 0, 80, 0, 218, 180), 38);
    expect(laptop.trayUp).toBeCloseTo((360 - 218) / 360);
    expect(laptop.trayDown).toBeCloseTo((620 - 360) / 360);
    // No corner panels: the free area's own edges.
    expect(freeArea(1280, 800, edges(0, 0, 80, 0), 38)).toMatchObject({ trayUp: 1, trayDown: 1 });
    // A band under a third of the free area's height is not kept to.
    expect(freeArea(1280, 800, edges(0, 0, 80, 0, 400, 300), 38)).toMatchObject({ trayUp: 1, trayDown: 1 });
  });
});
