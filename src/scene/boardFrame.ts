/**
 * Where on the screen the board stands: the room (insets) the camera frames it in, chosen so that
 * the board's face, every socket, coordinate and side button, lies clear of every panel of the page.
 *
 * Each panel may be framed around (an inset from the screen edge it stands against, the board moved
 * off it) or left where it is, over a part of the table the board does not reach (a laptop's corner
 * panels beside the far, narrower side of a slanted view); before the round's first move, while
 * the start ball is thrown and lies on the table, a slot (the status line's) is framed around, as the ball's resting place is framed anywhere in that room. Every way of doing that for the panels
 * shown is tried with the preset's view fitted to the room it leaves (cameraViews.ts), the board's
 * face projected as the camera will draw it; of those that leave it clear, the one with the biggest
 * board (its sockets the farthest apart) wins, the supply whole and clear first where it stands
 * beside the board. The framing in use is kept while it stays clear and near the best, so the board
 * does not move for a panel changing by a few pixels.
 * Pure geometry: the HUD measures the panels (useBoardFrame) and the camera asks this (CameraRig).
 */
import { PerspectiveCamera, Vector3 } from 'three';
import type { CameraPreset, FrameInsets, PanelBox } from './cameraStore';
import { effectiveInsets, freeArea, presetView } from './cameraViews';
import { BALL_REST_Y, BOARD_FACE, BOARD_TOP, PITCH, SIDE_BUTTON, SIDE_BUTTONS, SUPPLY_WALL_HEIGHT, supplyFootprint, supplySideFor } from './layout';

/** Room left between a panel and the board it is framed around (CSS px). */
export const FRAME_GAP = 8;
/** Room kept between a panel left where it is and the board's face (CSS px; the face's octagon already passes the coordinates' ink by a few). */
const CLEARANCE = 2;
/** How far (CSS px) the face may seem to pass the screen's edge: the projection's rounding. */
const ON_SCREEN_SLACK = 2;
/** A framing in use is kept while its board is at least this share of the best one's. */
const KEEP = 0.97;

type Point = { x: number; y: number };

/**
 * The board's face on its top, as convex pieces: the sockets' square, each coordinate's ink and each
 * side button's pad; the points of it that must be on screen (all but the pads' outer halves: a
 * phone held upright's yellow and blue pads may touch its sides); and sockets whose spacing on
 * screen is the board's size there.
 */
const FACE = (() => {
  const { labels, ink, sockets: reach } = BOARD_FACE;
  const at = (points: number[][]) => points.map(([x, z]) => new Vector3(x, BOARD_TOP, z));
  const square = (x: number, z: number, r: number) => at([[x - r, z - r], [x + r, z - r], [x + r, z + r], [x - r, z + r]]);
  const rows = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => (i - 3.5) * PITCH);
  const coordinates = rows.flatMap((along) => [square(-labels, along, ink), square(labels, along, ink), square(along, -labels, ink), square(along, labels, ink)]);
  const r = SIDE_BUTTON.footRadius;
  const pads = SIDE_BUTTONS.map(({ position: [x, , z] }) => square(x, z, r));
  // A pad's inner half: its centre, and half its radius inward and along the board's side.
  const padInner = SIDE_BUTTONS.flatMap(({ position: [x, , z] }) => {
    const [ix, iz] = [-Math.sign(x) * 0.5 * r, -Math.sign(z) * 0.5 * r];
    const [ax, az] = x === 0 ? [0.5 * r, 0] : [0, 0.5 * r];
    return at([[x, z], [x + ix, z + iz], [x + ax, z + az], [x - ax, z - az]]);
  });
  const socketSquare = square(0, 0, reach);
  // Each corner socket and its two neighbours: the least spacing on screen is at a corner (the far one of a slanted view, along its column).
  const c = 3.5 * PITCH;
  const spacing = [-1, 1].flatMap((sx) => [-1, 1].flatMap((sz) => [[sx * c, sz * c], [sx * (c - PITCH), sz * c], [sx * c, sz * (c - PITCH)]])).map(([x, z]) => new Vector3(x, BALL_REST_Y, z));
  return { pieces: [socketSquare, ...coordinates, ...pads], onScreen: [...socketSquare, ...coordinates.flat(), ...padInner], sockets: spacing };
})();

/** The supply's corners at its foot and at the top of its walls, where it stands on a screen of this shape. */
function supplyCorners(width: number, height: number): Vector3[] | null {
  if (supplySideFor(width, height) !== 'beside') return null;
  const { centre, half } = supplyFootprint('beside');
  return [-1, 1].flatMap((sx) => [-1, 1].flatMap((sz) => [0, SUPPLY_WALL_HEIGHT].map((y) => new Vector3(centre[0] + sx * half[0], y, centre[1] + sz * half[1]))));
}

const lens = new PerspectiveCamera();
const scratch = new Vector3();

/** Page points (CSS px) of `points` seen from the preset's view fitted to `insets`, as CameraRig sets its camera. */
function projector(width: number, height: number, insets: FrameInsets, preset: CameraPreset, fov: number): (points: Vector3[]) => Point[] {
  const area = freeArea(width, height, insets, fov);
  const { position, target } = presetView(preset, area);
  lens.fov = fov;
  lens.aspect = width / height;
  lens.position.copy(position);
  lens.up.set(0, 1, 0);
  lens.lookAt(target);
  lens.updateMatrixWorld();
  if (area.shiftX === 0 && area.shiftY === 0) lens.clearViewOffset();
  else lens.setViewOffset(width, height, area.shiftX, area.shiftY, width, height);
  lens.updateProjectionMatrix();
  return (points) =>
    points.map((p) => {
      scratch.copy(p).project(lens);
      return { x: ((scratch.x + 1) / 2) * width, y: ((1 - scratch.y) / 2) * height };
    });
}

const sameInsets = (a: FrameInsets, b: FrameInsets) => a.top === b.top && a.right === b.right && a.bottom === b.bottom && a.left === b.left;

/** Whether a convex polygon (its points in order) and a box overlap: no axis of either separates them. */
export function polygonMeetsBox(polygon: Point[], box: PanelBox): boolean {
  const corners = [
    { x: box.left, y: box.top },
    { x: box.right, y: box.top },
    { x: box.right, y: box.bottom },
    { x: box.left, y: box.bottom },
  ];
  const axes = [{ x: 1, y: 0 }, { x: 0, y: 1 }, ...polygon.map((p, i) => {
    const q = polygon[(i + 1) % polygon.length];
    return { x: q.y - p.y, y: p.x - q.x };
  })];
  return axes.every((axis) => {
    const span = (points: Point[]) => {
      let min = Infinity;
      let max = -Infinity;
      for (const p of points) {
        const d = p.x * axis.x + p.y * axis.y;
        min = Math.min(min, d);
        max = Math.max(max, d);
      }
      return [min, max];
    };
    const [a0, a1] = span(polygon);
    const [b0, b1] = span(corners);
    return a1 > b0 && b1 > a0;
  });
}

/** The candidate insets of each edge: none, or the far side of a panel in that half of the screen. */
function edgeChoices(panels: readonly PanelBox[], width: number, height: number): Record<keyof FrameInsets, number[]> {
  const choices = { top: new Set([0]), right: new Set([0]), bottom: new Set([0]), left: new Set([0]) };
  const room = (v: number) => Math.ceil(v) + FRAME_GAP;
  for (const p of panels) {
    // A panel off the screen (measured before the screen turned) takes no room.
    if (p.left >= width || p.top >= height || p.right <= 0 || p.bottom <= 0) continue;
    if (p.bottom <= height / 2) choices.top.add(room(p.bottom));
    if (p.top >= height / 2) choices.bottom.add(room(height - p.top));
    if (p.right <= width / 2) choices.left.add(room(p.right));
    if (p.left >= width / 2) choices.right.add(room(width - p.left));
  }
  return { top: [...choices.top], right: [...choices.right], bottom: [...choices.bottom], left: [...choices.left] };
}

/**
 * How a framing does: the panels its board's face meets, whether the supply is whole and clear, the
 * board's size (its sockets' least spacing, px), and how far off centre it stands between what is
 * around it (px: the difference of its room above and below plus that of its room left and right,
 * each up to the nearest panel beside it or the screen's edge).
 */
interface Framing {
  insets: FrameInsets;
  meets: number;
  supplyClear: boolean;
  spacing: number;
  offCentre: number;
}

/** How far off centre a box stands between the panels and the screen's edges around it (Framing's offCentre). */
function offCentre(face: PanelBox, panels: readonly PanelBox[], width: number, height: number): number {
  let [up, down, left, right] = [face.top, height - face.bottom, face.left, width - face.right];
  for (const p of panels) {
    const besideX = p.left < face.right && p.right > face.left;
    const besideY = p.top < face.bottom && p.bottom > face.top;
    if (besideX && p.bottom <= face.top) up = Math.min(up, face.top - p.bottom);
    if (besideX && p.top >= face.bottom) down = Math.min(down, p.top - face.bottom);
    if (besideY && p.right <= face.left) left = Math.min(left, face.left - p.right);
    if (besideY && p.left >= face.right) right = Math.min(right, p.left - face.right);
  }
  return Math.abs(up - down) + Math.abs(left - right);
}

/** A framing's board size alone (cheap: a dozen points), with what judging the rest needs; null for one a landscape screen does not take. */
function sized(width: number, height: number, insets: FrameInsets, preset: CameraPreset, fov: number): { insets: FrameInsets; spacing: number; project: (points: Vector3[]) => Point[] } | null {
  // A landscape screen keeps its slanted view (a portrait free area would look straight down): a framing that would turn it is none.
  if (width >= height && freeArea(width, height, insets, fov).aspect < 1) return null;
  const project = projector(width, height, insets, preset, fov);
  const sockets = project(FACE.sockets);
  let spacing = Infinity;
  for (let i = 0; i < sockets.length; i += 3) for (const n of [1, 2]) spacing = Math.min(spacing, Math.hypot(sockets[i].x - sockets[i + n].x, sockets[i].y - sockets[i + n].y));
  return { insets, spacing, project };
}

/** How a sized framing does (Framing). Its projector must still be the last one made. */
function judged(panels: readonly PanelBox[], width: number, height: number, { insets, spacing, project }: NonNullable<ReturnType<typeof sized>>): Framing {
  const pieces = FACE.pieces.map(project);
  const all = pieces.flat();
  const faceBox = { left: Math.min(...all.map((p) => p.x)), right: Math.max(...all.map((p) => p.x)), top: Math.min(...all.map((p) => p.y)), bottom: Math.max(...all.map((p) => p.y)) };
  // Off the screen counts as under a panel.
  const offScreen = project(FACE.onScreen).some((p) => p.x < -ON_SCREEN_SLACK || p.y < -ON_SCREEN_SLACK || p.x > width + ON_SCREEN_SLACK || p.y > height + ON_SCREEN_SLACK);
  // A slot in the free area counts as met: the start ball, framed anywhere in that area, could rest under it.
  const [areaRight, areaBottom] = [width - insets.right, height - insets.bottom];
  const inArea = (p: PanelBox) => p.slot === true && p.left < areaRight && p.right > insets.left && p.top < areaBottom && p.bottom > insets.top;
  const meets = panels.filter((p) => inArea(p) || pieces.some((piece) => polygonMeetsBox(piece, p))).length + (offScreen ? 1 : 0);
  const supply = supplyCorners(width, height);
  let supplyClear = true;
  if (supply) {
    const seen = project(supply);
    const box = { left: Math.min(...seen.map((p) => p.x)), right: Math.max(...seen.map((p) => p.x)), top: Math.min(...seen.map((p) => p.y)), bottom: Math.max(...seen.map((p) => p.y)) };
    const onScreen = box.left >= 0 && box.top >= 0 && box.right <= width && box.bottom <= height;
    supplyClear = onScreen && panels.every((p) => !(p.left < box.right && p.right > box.left && p.top < box.bottom && p.bottom > box.top));
  }
  return { insets, meets, supplyClear, spacing, offCentre: offCentre(faceBox, panels, width, height) };
}

/** How framing the board in `insets` does, or null for one a landscape screen does not take. */
function judge(panels: readonly PanelBox[], width: number, height: number, insets: FrameInsets, preset: CameraPreset, fov: number): Framing | null {
  const size = sized(width, height, insets, preset, fov);
  return size && judged(panels, width, height, size);
}

/** Boards this close in size (a share of the bigger) are as big: the one better centred between what is around it wins. */
const AS_BIG = 0.01;

/**
 * Whether framing `a` shows the board better than `b`: clear of more panels, then the supply clear,
 * then bigger; as big, better centred between the panels and the screen's edges around it (the room
 * it frames is then between them, the start ball's resting place in it too).
 */
function better(a: Framing, b: Framing): boolean {
  if (a.meets !== b.meets) return a.meets < b.meets;
  if (a.supplyClear !== b.supplyClear) return a.supplyClear;
  if (Math.abs(a.spacing - b.spacing) > AS_BIG * Math.max(a.spacing, b.spacing)) return a.spacing > b.spacing;
  return a.offCentre < b.offCentre;
}

/**
 * The insets to frame the board in on a `width` x `height` canvas, from the preset's view, so that
 * its face stands clear of `panels` (page boxes, CSS px): the `current` insets while they still do
 * and their board is nearly as big as the best's, else the best. With `ballOnTable` (before the
 * round's first move: the start ball thrown or lying there) the free area also leaves out every slot.
 */
export function clearInsets(panels: readonly PanelBox[], width: number, height: number, preset: CameraPreset, fov: number, current: FrameInsets | null = null, ballOnTable = false): FrameInsets {
  const shown = panels.filter((p) => p.right > p.left || p.bottom > p.top);
  // Each panel kept a little farther off than its box: the coordinates' ink and a ball's highlight stay clear of its edge.
  // Slots count only while the start ball is on the table (thrown or at rest, before the first move).
  const boxes = shown.map((p) => ({ slot: ballOnTable && p.slot === true, left: p.left - CLEARANCE, top: p.top - CLEARANCE, right: p.right + CLEARANCE, bottom: p.bottom + CLEARANCE }));
  const choices = edgeChoices(shown, width, height);
  // Left and right as the panels give them, and each pair shared out evenly: a board only as wide
  // as one side's panel leaves it (its height the bound, between panels above and below) is as big
  // centred, not pushed against the other side.
  const across = choices.left.flatMap((left) => choices.right.flatMap((right) => (left === right ? [[left, right]] : [[left, right], [(left + right) / 2, (left + right) / 2]])));
  const candidates: FrameInsets[] = [];
  for (const top of choices.top)
    for (const bottom of choices.bottom)
      for (const [left, right] of across) {
        const insets = { top, right, bottom, left };
        // One the free area would not take off whole is another's (effectiveInsets): tried as that one.
        if (sameInsets(effectiveInsets(width, height, insets), insets)) candidates.push(insets);
      }
  // The biggest boards first: once one is clear with its supply, a board smaller by more than AS_BIG cannot beat it.
  const sizes = candidates.map((insets) => sized(width, height, insets, preset, fov)?.spacing ?? -1);
  const order = candidates.map((_, i) => i).filter((i) => sizes[i] >= 0).sort((a, b) => sizes[b] - sizes[a]);
  let best: Framing | null = null;
  for (const i of order) {
    if (best && best.meets === 0 && best.supplyClear && sizes[i] < best.spacing * (1 - AS_BIG)) break;
    const framing = judge(boxes, width, height, candidates[i], preset, fov);
    if (framing && (!best || better(framing, best))) best = framing;
  }
  if (!best) return { top: 0, right: 0, bottom: 0, left: 0 };
  if (current) {
    const kept = judge(boxes, width, height, current, preset, fov);
    if (kept && kept.meets <= best.meets && (kept.supplyClear || !best.supplyClear) && kept.spacing >= best.spacing * KEEP) return current;
  }
  return best.insets;
}
