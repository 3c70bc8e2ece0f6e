/**
 * Where the board stands among the HUD's panels: the panels' boxes as the HUD measures them
 * (useBoardFrame), the room the camera frames the board in clear of them (boardFrame.ts), and the
 * free area that room leaves (cameraViews.ts). The panels are those of real pages (French, the
 * longest texts), measured in headless Chromium.
 */
import { describe, expect, it } from 'vitest';
import { PerspectiveCamera, Vector3 } from 'three';
import { measurePanels, panelReach } from '../../src/ui/useBoardFrame';
import { clearInsets, polygonMeetsBox } from '../../src/scene/boardFrame';
import { freeArea, presetView } from '../../src/scene/cameraViews';
import type { FrameInsets, PanelBox } from '../../src/scene/cameraStore';
import { BOARD_TOP, BOARD_WIDTH, MARGIN, PITCH, SIDE_BUTTONS, SIDE_BUTTON } from '../../src/scene/layout';

const FOV = 38;
const box = (left: number, top: number, right: number, bottom: number): PanelBox => ({ left, top, right, bottom });
const element = (left: number, top: number, right: number, bottom: number) => ({ getBoundingClientRect: () => ({ left, top, right, bottom, width: right - left, height: bottom - top }) }) as unknown as Element;

/** Page points of scene points, seen as CameraRig sets its camera for these insets. */
function seen(width: number, height: number, insets: FrameInsets, points: Vector3[]): { x: number; y: number }[] {
  const area = freeArea(width, height, insets, FOV);
  const { position, target } = presetView('red', area);
  const camera = new PerspectiveCamera(FOV, width / height);
  camera.position.copy(position);
  camera.lookAt(target);
  camera.updateMatrixWorld();
  if (area.shiftX || area.shiftY) camera.setViewOffset(width, height, area.shiftX, area.shiftY, width, height);
  camera.updateProjectionMatrix();
  return points.map((p) => p.clone().project(camera)).map((v) => ({ x: ((v.x + 1) / 2) * width, y: ((1 - v.y) / 2) * height }));
}

/** Every socket's centre and the points of its disc (0.3 of the pitch from it), every coordinate's place and every side button's centre. */
function boardPoints(): Vector3[] {
  const points: Vector3[] = [];
  for (let row = 0; row < 8; row++)
    for (let col = 0; col < 8; col++) {
      const [x, z] = [(col - 3.5) * PITCH, (row - 3.5) * PITCH];
      for (const [dx, dz] of [[0, 0], [0.3, 0], [-0.3, 0], [0, 0.3], [0, -0.3]]) points.push(new Vector3(x + dx * PITCH, BOARD_TOP, z + dz * PITCH));
    }
  const label = BOARD_WIDTH / 2 - MARGIN / 2;
  for (let i = 0; i < 8; i++) {
    const along = (i - 3.5) * PITCH;
    points.push(new Vector3(-label, BOARD_TOP, along), new Vector3(label, BOARD_TOP, along), new Vector3(along, BOARD_TOP, -label), new Vector3(along, BOARD_TOP, label));
  }
  for (const b of SIDE_BUTTONS) points.push(new Vector3(b.position[0], BOARD_TOP + SIDE_BUTTON.height, b.position[2]));
  return points;
}

/** The board as framed in these insets: its points under a panel or off the screen, and the least distance between two neighbouring sockets (px). */
function board(width: number, height: number, insets: FrameInsets, panels: PanelBox[]) {
  const points = seen(width, height, insets, boardPoints());
  const hidden = points.filter((p) => p.x < 0 || p.y < 0 || p.x > width || p.y > height || panels.some((b) => p.x > b.left && p.x < b.right && p.y > b.top && p.y < b.bottom));
  const centres = seen(width, height, insets, [-3.5, -2.5, 2.5, 3.5].flatMap((c) => [-3.5, -2.5, 2.5, 3.5].map((r) => new Vector3(c * PITCH, BOARD_TOP, r * PITCH))));
  let spacing = Infinity;
  for (const p of centres) for (const q of centres) if (p !== q) spacing = Math.min(spacing, Math.hypot(p.x - q.x, p.y - q.y));
  return { hidden: hidden.length, spacing };
}

// The panels of French pages (seats, toolbar, moves, status line, win chances, analysis), measured.
const PHONE_UPRIGHT = [box(8, 8, 167, 131), box(64, 794, 326, 836), box(242, 8, 382, 92), box(16, 686, 374, 786), box(8, 139, 382, 278)];
const PHONE_SIDEWAYS = [box(8, 8, 167, 131), box(636, 304, 836, 382), box(636, 100, 836, 270), box(636, 8, 836, 92), box(8, 139, 208, 277)];
const LAPTOP = [box(12, 12, 260, 271), box(943, 12, 1268, 57), box(1018, 65, 1268, 194), box(12, 612, 232, 788), box(342, 737, 938, 786), box(1028, 628, 1268, 788)];

describe('the board frame', () => {
  it('measures the panels shown, an empty slot too, at whole pixels', () => {
    expect([...measurePanels([element(8.5, 8.2, 142.4, 80.6), element(0, 0, 0, 0), element(195, 568, 195, 642)], 844).values()]).toEqual([box(8, 8, 143, 81), box(195, 568, 195, 642)]);
  });

  it("keeps each panel's largest box while the same panels stay, and starts again when one comes or goes", () => {
    const [bar, list, menu] = [element(0, 0, 0, 0), element(0, 0, 0, 0), element(0, 0, 0, 0)];
    const first = panelReach(new Map(), new Map([[bar, box(240, 450, 720, 569)], [list, box(708, 468, 948, 628)]]));
    // The bar rides a status line wrapping to two rows, the list grows: the reach grows.
    const grown = panelReach(first, new Map([[bar, box(240, 421, 720, 540)], [list, box(708, 410, 948, 628)]]));
    expect([...grown.values()]).toEqual([box(240, 421, 720, 569), box(708, 410, 948, 628)]);
    // Both back as they were: the reach stays, and the board with it.
    expect([...panelReach(grown, first).values()]).toEqual([...grown.values()]);
    // A panel more: every panel at its box now.
    const opened = new Map([[bar, box(240, 450, 720, 569)], [list, box(708, 468, 948, 628)], [menu, box(680, 12, 948, 57)]]);
    expect([...panelReach(grown, opened).values()]).toEqual([...opened.values()]);
  });

  it.each([
    ['a phone held upright', 390, 844, PHONE_UPRIGHT, 40],
    ['a phone held sideways', 844, 390, PHONE_SIDEWAYS, 32],
    ['a laptop', 1280, 800, LAPTOP, 44],
  ] as const)('on %s frames the whole board clear of every panel, its sockets far enough apart to tap', (_, width, height, panels, spacing) => {
    const insets = clearInsets(panels, width, height, 'red', FOV);
    const seenNow = board(width, height, insets, [...panels]);
    expect(seenNow.hidden).toBe(0);
    expect(seenNow.spacing).toBeGreaterThanOrEqual(spacing);
  });

  it('leaves a laptop’s corner panels where they are, beside the slanted board, and frames it above the status line', () => {
    expect(clearInsets(LAPTOP, 1280, 800, 'red', FOV)).toMatchObject({ top: 0, left: 0, right: 0 });
    // Framed as if no panel were there, the board would run under the seats and the status line.
    expect(board(1280, 800, { top: 0, right: 0, bottom: 0, left: 0 }, LAPTOP).hidden).toBeGreaterThan(0);
  });

  it('frames a phone held sideways between its two columns, and upright between the top panels and the status line', () => {
    const sideways = clearInsets(PHONE_SIDEWAYS, 844, 390, 'red', FOV);
    expect(sideways.top + sideways.bottom).toBe(0);
    const upright = clearInsets(PHONE_UPRIGHT, 390, 844, 'red', FOV);
    expect(upright.top).toBeGreaterThanOrEqual(278);
    expect(844 - upright.bottom).toBeLessThanOrEqual(686);
  });

  it('keeps the framing in use while the board stays clear and about as big, and frames anew when a panel comes over it', () => {
    const first = clearInsets(PHONE_UPRIGHT, 390, 844, 'red', FOV);
    // The win chances a few pixels shorter: the board stays where it was.
    const shorter = PHONE_UPRIGHT.map((p, i) => (i === 4 ? box(p.left, p.top, p.right, p.bottom - 6) : p));
    expect(clearInsets(shorter, 390, 844, 'red', FOV, first)).toEqual(first);
    // Taller, over the board's far row: framed below it.
    const taller = PHONE_UPRIGHT.map((p, i) => (i === 4 ? box(p.left, p.top, p.right, p.bottom + 40) : p));
    const reframed = clearInsets(taller, 390, 844, 'red', FOV, first);
    expect(reframed.top).toBeGreaterThanOrEqual(318);
    expect(board(390, 844, reframed, taller).hidden).toBe(0);
  });

  it('centres a board only as wide as a side panel leaves it, between the panels above and below it (a replay on a phone upright)', () => {
    // Seats, moves, the win chances, the replay's bar, the status line and the toolbar: the board's
    // height is the bound, between the win chances and the replay's bar.
    const replay = [box(8, 8, 112, 130), box(242, 8, 382, 92), box(8, 140, 382, 277), box(8, 565, 382, 677), box(16, 686, 374, 782), box(64, 794, 326, 836)];
    const insets = clearInsets(replay, 390, 844, 'red', FOV);
    expect(board(390, 844, insets, replay).hidden).toBe(0);
    expect(insets.left).toBe(insets.right);
  });

  it("frames the board above the status line's slot while the start ball is on the table, where it could otherwise rest under its words", () => {
    // A laptop with short seats and win chances: the board would be clear of the status line framed
    // from the top, the free area reaching the screen's bottom.
    const panels = [box(12, 12, 232, 122), box(1000, 12, 1268, 57), box(1018, 65, 1268, 154), box(1028, 628, 1268, 788), box(12, 745, 232, 788)];
    const status = box(342, 737, 938, 786);
    expect(clearInsets([...panels, status], 1280, 800, 'red', FOV).bottom).toBe(0);
    // Only while the start ball is on the table: after the first move the board takes the room again.
    expect(clearInsets([...panels, { ...status, slot: true }], 1280, 800, 'red', FOV).bottom).toBe(0);
    const insets = clearInsets([...panels, { ...status, slot: true }], 1280, 800, 'red', FOV, null, true);
    expect(800 - insets.bottom).toBeLessThanOrEqual(status.top);
    expect(board(1280, 800, insets, [...panels, status]).hidden).toBe(0);
  });

  it('takes no room for a panel off the screen (measured before the screen turned)', () => {
    const stale = [...PHONE_SIDEWAYS, box(16, 686, 374, 786)];
    expect(clearInsets(stale, 844, 390, 'red', FOV)).toEqual(clearInsets(PHONE_SIDEWAYS, 844, 390, 'red', FOV));
  });

  it('tells a convex polygon meeting a box from one beside it', () => {
    const diamond = [{ x: 10, y: 0 }, { x: 20, y: 10 }, { x: 10, y: 20 }, { x: 0, y: 10 }];
    expect(polygonMeetsBox(diamond, box(8, 8, 12, 12))).toBe(true);
    // Inside the diamond's bounding box, beyond its edge.
    expect(polygonMeetsBox(diamond, box(0, 0, 4, 4))).toBe(false);
    expect(polygonMeetsBox(diamond, box(18, 18, 30, 30))).toBe(false);
    expect(polygonMeetsBox(diamond, box(-5, 8, 2, 12))).toBe(true);
  });

  it('puts the free area between the panels, its field of view the part of the screen it spans', () => {
    const area = freeArea(390, 844, { top: 100, right: 0, bottom: 284, left: 0 }, FOV);
    expect(area.aspect).toBeCloseTo(390 / 460);
    expect(area.shiftX).toBe(0);
    expect(area.shiftY).toBe(92);
    expect(area.fov).toBeLessThan(FOV);
    expect(area.upright).toBe(true);
    // Panels leaving a third of the screen or less are not taken off.
    expect(freeArea(390, 300, { top: 100, right: 0, bottom: 100, left: 0 }, FOV)).toEqual({ aspect: 1.3, fov: FOV, shiftX: 0, shiftY: 0, short: true, upright: false });
  });
});
