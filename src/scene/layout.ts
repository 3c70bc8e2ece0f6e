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
 * Supply tray beside the board (blue side), about two thirds of the board's length as a real one:
 * the 64 balls lie in two layers, 40 (5 across, 8 along) on its floor and 24 in the hollows
 * between them (4 across, 6 along), each upper ball resting on four lower ones.
 */
export const SUPPLY_COLUMNS = 5;
export const SUPPLY_ROWS = 8;
export const SUPPLY_PITCH = 1.02;
const SUPPLY_LOWER = SUPPLY_COLUMNS * SUPPLY_ROWS;
const SUPPLY_UPPER_COLUMNS = SUPPLY_COLUMNS - 1;
/** How far an upper ball's centre sits above the lower ones': touching four, half a diagonal away. */
const SUPPLY_UPPER_RISE = Math.sqrt((2 * BALL_RADIUS) ** 2 - (SUPPLY_PITCH * Math.SQRT1_2) ** 2);
export const SUPPLY_CENTRE: [number, number] = [BOARD_WIDTH / 2 + 1.2 + (SUPPLY_COLUMNS * SUPPLY_PITCH) / 2 + 0.4, 0];
export const SUPPLY_FLOOR = 0.12;

/**
 * The box the camera presets keep in view on a landscape screen: the board and the strip of table
 * just in front of the red side where the start ball lands (THROW_AREA). (Fitting the supply too
 * would shrink the board too much; a portrait screen frames the sockets only, CameraRig.tsx.)
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
 * its far side (row 1, the top of the screen from Red's seat), the whole supply turned a quarter
 * about the board's centre. A screen held upright has room above the board and none beside it, so
 * portrait screens use `beyond` (Supply.tsx chooses it from the canvas's shape).
 */
export type SupplySide = 'beside' | 'beyond';
let supplySide: SupplySide = 'beside';

export function setSupplySide(side: SupplySide): void {
  supplySide = side;
}

/** A point given as it is for the `beside` tray, where the tray stands now. */
function placed(x: number, z: number): [number, number] {
  return supplySide === 'beside' ? [x, z] : [z, -x];
}

/** The tray's centre and half extents on the table (x, z), walls included, where it stands now. */
export function supplyFootprint(): { centre: [number, number]; half: [number, number] } {
  const half: [number, number] = [(SUPPLY_COLUMNS * SUPPLY_PITCH) / 2 + 0.4, (SUPPLY_ROWS * SUPPLY_PITCH) / 2 + 0.4];
  return { centre: placed(SUPPLY_CENTRE[0], SUPPLY_CENTRE[1]), half: supplySide === 'beside' ? half : [half[1], half[0]] };
}

/** The tray's turn about the vertical axis (radians) where it stands now. */
export function supplyYaw(): number {
  return supplySide === 'beside' ? 0 : Math.PI / 2;
}

export function supplySlotPosition(slot: number): [number, number, number] {
  // The lower layer first (the director fills the lowest slots and takes from the highest).
  const upper = slot >= SUPPLY_LOWER;
  const i = upper ? slot - SUPPLY_LOWER : slot;
  const columns = upper ? SUPPLY_UPPER_COLUMNS : SUPPLY_COLUMNS;
  const col = i % columns;
  const row = Math.floor(i / columns);
  // Upper balls sit in the hollows, half a pitch in from the lower rows and columns.
  const x0 = -(SUPPLY_COLUMNS - 1) / 2 + (upper ? 0.5 : 0);
  const z0 = -(SUPPLY_ROWS - 1) / 2 + (upper ? 0.5 : 0);
  const [x, z] = placed(SUPPLY_CENTRE[0] + (x0 + col) * SUPPLY_PITCH, SUPPLY_CENTRE[1] + (z0 + row) * SUPPLY_PITCH);
  return [x, SUPPLY_FLOOR + BALL_RADIUS + (upper ? SUPPLY_UPPER_RISE : 0), z];
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
