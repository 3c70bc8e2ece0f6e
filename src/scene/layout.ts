/**
 * Where things are on the table, in scene units (1 unit ~ 2.4 cm; a ball is 1 unit across).
 * The board lies on the XZ plane centred at the origin, seen as drawn in rules.md from +Z:
 * row 1 (green side) at -Z, column a at -X. Sides, clockwise from above: red +Z (bottom),
 * yellow -X (left), green -Z (top), blue +X (right).
 */
import type { Colour } from '../engine/colours';
import { type BoardSize, boardOffset } from '../engine/geometry';

export const BALL_RADIUS = 0.5;
/** Distance between socket centres. */
export const PITCH = 1.3;
/** Border between the outer sockets and the board's edge, where the side buttons sit. */
export const MARGIN = 1.35;
export const BOARD_WIDTH = 8 * PITCH + 2 * MARGIN;
/** Height of the board's top surface above the table. */
export const BOARD_TOP = 0.78;
export const SOCKET_RADIUS = 0.53;
export const SOCKET_DEPTH = 0.62;
/**
 * Height of a resting ball's centre in a socket: sunk below the surface, as in the real board,
 * so that mostly its top colour region shows.
 */
export const BALL_REST_Y = BOARD_TOP - 0.12;

/**
 * Supply tray beside the board (blue side), a little over half the board's length as a real one:
 * the 64 balls lie in layers, 35 (5 across, 7 along) on its floor, 24 in the hollows between them
 * (4 across, 6 along), each upper ball resting on four lower ones, and the last few on a third
 * layer above those. It stands close to the board (SUPPLY_GAP), a little toward the player's side,
 * so that from the red seat it lies in the band the screen's right-hand corner panels leave free,
 * between the evaluation above and the analysis below (CameraRig frames it there).
 */
export const SUPPLY_COLUMNS = 5;
export const SUPPLY_ROWS = 7;
export const SUPPLY_PITCH = 1.02;
/** Wall and clearance around the balls, on each side of the tray's footprint. */
const SUPPLY_RIM = 0.4;
/** Room between the board's edge and the tray. */
const SUPPLY_GAP = 0.4;
/** How far each layer's centres sit above the one below: touching four, half a diagonal away. */
const SUPPLY_LAYER_RISE = Math.sqrt((2 * BALL_RADIUS) ** 2 - (SUPPLY_PITCH * Math.SQRT1_2) ** 2);
/** Half the tray's extent across (x) and along (z) the board's side, walls included. */
export const SUPPLY_HALF: [number, number] = [(SUPPLY_COLUMNS * SUPPLY_PITCH) / 2 + SUPPLY_RIM, (SUPPLY_ROWS * SUPPLY_PITCH) / 2 + SUPPLY_RIM];
/** How far the tray's middle stands from the board's, toward the player's (red) side. */
const SUPPLY_NEARER = 1.5;
export const SUPPLY_CENTRE: [number, number] = [BOARD_WIDTH / 2 + SUPPLY_GAP + SUPPLY_HALF[0], SUPPLY_NEARER];
export const SUPPLY_FLOOR = 0.12;
/** Height of the tray's walls (the balls of its two full layers stay within the box they bound, as seen from the red seat). */
export const SUPPLY_WALL_HEIGHT = 0.8;

/**
 * The box the camera presets keep in view on a landscape screen: the board and the strip of table
 * just in front of the red side where the start ball lands (THROW_AREA). The views from the red
 * seat and from above also keep the supply tray in view, in the band the panels leave free
 * (CameraRig.tsx); a portrait screen frames the sockets only.
 */
export const VIEW_BOUNDS = {
  min: [-BOARD_WIDTH / 2, 0, -BOARD_WIDTH / 2] as const,
  max: [BOARD_WIDTH / 2, BOARD_TOP + 0.6, BOARD_WIDTH / 2 + 1] as const,
};

/**
 * Where the start ball is thrown: the table just in front of the red side, left of its middle,
 * where every screen's view of the board shows it.
 */
export const THROW_AREA: [number, number] = [-2.5, BOARD_WIDTH / 2 + 0.8];

export function socketX(index: number): number {
  return ((index & 7) - 3.5) * PITCH;
}

export function socketZ(index: number): number {
  return ((index >> 3) - 3.5) * PITCH;
}

/**
 * Where the supply tray stands: `beside` the board on the blue side (SUPPLY_CENTRE), or `beyond`
 * its far side (row 1, the top of the screen from Red's seat), turned a quarter and centred on the
 * board's middle. A screen held upright has room above the board and none beside it, so portrait
 * screens use `beyond` (Supply.tsx chooses it from the canvas's shape).
 */
export type SupplySide = 'beside' | 'beyond';
let supplySide: SupplySide = 'beside';

export function setSupplySide(side: SupplySide): void {
  supplySide = side;
}

/** A point of the tray, given from its centre as it lies `beside` the board, on the table where it stands. */
function placed(x: number, z: number, side: SupplySide): [number, number] {
  return side === 'beside' ? [SUPPLY_CENTRE[0] + x, SUPPLY_CENTRE[1] + z] : [z, -(SUPPLY_CENTRE[0] + x)];
}

/** The tray's centre and half extents on the table (x, z), walls included, where it stands (now, unless told). */
export function supplyFootprint(side: SupplySide = supplySide): { centre: [number, number]; half: [number, number] } {
  return { centre: placed(0, 0, side), half: side === 'beside' ? SUPPLY_HALF : [SUPPLY_HALF[1], SUPPLY_HALF[0]] };
}

/** The tray's turn about the vertical axis (radians) where it stands now. */
export function supplyYaw(): number {
  return supplySide === 'beside' ? 0 : Math.PI / 2;
}

/** The layer a slot is on (0 on the floor), and its column and row there. */
function supplyLayer(slot: number): { layer: number; col: number; row: number } {
  let i = slot;
  for (let layer = 0; ; layer++) {
    const columns = SUPPLY_COLUMNS - layer;
    const count = columns * (SUPPLY_ROWS - layer);
    if (i < count || columns <= 1) return { layer, col: i % columns, row: Math.floor(i / columns) };
    i -= count;
  }
}

export function supplySlotPosition(slot: number): [number, number, number] {
  // The floor first (the director fills the lowest slots and takes from the highest).
  const { layer, col, row } = supplyLayer(slot);
  // Each layer sits in the hollows of the one below, half a pitch in from its rows and columns.
  const x0 = -(SUPPLY_COLUMNS - 1) / 2 + layer / 2;
  const z0 = -(SUPPLY_ROWS - 1) / 2 + layer / 2;
  const [x, z] = placed((x0 + col) * SUPPLY_PITCH, (z0 + row) * SUPPLY_PITCH, supplySide);
  return [x, SUPPLY_FLOOR + BALL_RADIUS + layer * SUPPLY_LAYER_RISE, z];
}

/** The internal index under a point of the board, or -1 outside the sockets' grid. */
export function socketAt(x: number, z: number): number {
  const col = Math.floor(x / PITCH + 4);
  const row = Math.floor(z / PITCH + 4);
  if (col < 0 || col > 7 || row < 0 || row > 7) return -1;
  return row * 8 + col;
}

/** Half the width of the square holding the sockets in use (for the region marking). */
export function regionHalfWidth(size: BoardSize): number {
  return (size / 2) * PITCH + (boardOffset(size) === 0 ? 0.12 : 0.02);
}

/** Centre of each side button, and the direction its side faces (from the centre outward). */
export const SIDE_BUTTONS: { colour: Colour; position: [number, number, number]; facing: number }[] = [
  { colour: 'red', position: [0, BOARD_TOP, BOARD_WIDTH / 2 - MARGIN / 2], facing: 0 },
  { colour: 'yellow', position: [-(BOARD_WIDTH / 2 - MARGIN / 2), BOARD_TOP, 0], facing: -Math.PI / 2 },
  { colour: 'green', position: [0, BOARD_TOP, -(BOARD_WIDTH / 2 - MARGIN / 2)], facing: Math.PI },
  { colour: 'blue', position: [BOARD_WIDTH / 2 - MARGIN / 2, BOARD_TOP, 0], facing: Math.PI / 2 },
];

/**
 * The paint of the balls and buttons (sRGB). Green is a bluish green and blue a deeper blue so
 * that every pair stays apart under protanopia, deuteranopia and tritanopia simulations (the
 * earlier #12a043 green and red were 8 CIEDE2000 apart for deuteranopes; see docs/accessibility.md).
 */
export const PAINT: Record<Colour, string> = {
  red: '#d7191c',
  yellow: '#f7c613',
  green: '#20a880',
  blue: '#1644c0',
};
