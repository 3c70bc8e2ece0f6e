/**
 * Where things are on the table, in scene units (1 unit ~ 2.4 cm; a ball is 1 unit across).
 * The board lies on the XZ plane centred at the origin, seen as drawn in rules.md from +Z:
 * row 1 (green side) at -Z, column a at -X. Sides, clockwise from above: red +Z (bottom),
 * yellow -X (left), green -Z (top), blue +X (right).
 */
import type { Colour } from '../engine/colours';
import { type BoardSize, boardOffset } from '../engine/geometry';

export const BALL_RADIUS = 0.5;
/** The physical game's scale: a ball 2.4 cm across, the board about 31 cm (augmented reality puts it on a table at this size). */
export const METRES_PER_UNIT = 0.024;
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
 * The supply: a deep box of the 64 balls beside the board (blue side), 4 across and 5 along, the
 * balls in layers as in a crate: 20 (4 by 5) on its floor, 12 (3 by 4) in the hollows between
 * them, each resting on four below, then 20 more over the floor's and 12 on top (the top layer
 * stands out of the box, the rest lies within its walls). Compact, so that from the red seat of a
 * laptop window it fits between the board and the screen's right edge, in the band the right-hand
 * corner panels leave (the evaluation above, the analysis below): it stands close to the board
 * (SUPPLY_GAP), a little toward the player's side (SUPPLY_NEARER).
 */
export const SUPPLY_COLUMNS = 4;
export const SUPPLY_ROWS = 5;
export const SUPPLY_PITCH = 1.02;
/** Room between the balls of the floor's outer rows and the walls (less the walls' bevel). */
const SUPPLY_CLEARANCE = 0.1;
/** Thickness of the walls, and the rounding of their edges (it adds that much on both faces). */
export const SUPPLY_WALL = 0.2;
export const SUPPLY_BEVEL = 0.04;
export const SUPPLY_FLOOR = 0.12;
/** Height of the walls: up to the centres of the third layer's outer balls, which lean on them. */
export const SUPPLY_WALL_HEIGHT = 2.05;
/** The least height of a ball's centre above the walls: a ball in the box leaves it, or comes in, straight up and down. */
export const SUPPLY_CLEAR_Y = SUPPLY_WALL_HEIGHT + BALL_RADIUS + 0.05;
/** Room between the board's edge and the box. */
const SUPPLY_GAP = 0.1;
/** How far the box's middle stands from the board's, toward the player's (red) side. */
const SUPPLY_NEARER = 1.5;
/** How far each layer's centres sit above the one below: touching four, half a diagonal away. */
const SUPPLY_LAYER_RISE = Math.sqrt((2 * BALL_RADIUS) ** 2 - (SUPPLY_PITCH * Math.SQRT1_2) ** 2);
const SUPPLY_LAYERS = 4;
/** Half the box's inside, across (x) and along (z) the board's side. */
export const SUPPLY_INNER_HALF: [number, number] = [(SUPPLY_COLUMNS * SUPPLY_PITCH) / 2 + SUPPLY_CLEARANCE, (SUPPLY_ROWS * SUPPLY_PITCH) / 2 + SUPPLY_CLEARANCE];
/** Half the box's footprint, walls included. */
const SUPPLY_HALF: [number, number] = [SUPPLY_INNER_HALF[0] + SUPPLY_WALL + SUPPLY_BEVEL, SUPPLY_INNER_HALF[1] + SUPPLY_WALL + SUPPLY_BEVEL];
export const SUPPLY_CENTRE: [number, number] = [BOARD_WIDTH / 2 + SUPPLY_GAP + SUPPLY_HALF[0], SUPPLY_NEARER];

/**
 * The box the camera presets keep in view on a landscape screen: the board and the strip of table
 * just in front of the red side where the start ball lands (THROW_AREA). Fitting the supply too
 * would shrink the board: the supply is compact and close instead (CameraRig.tsx looks a little
 * right of the board's centre, toward it); a portrait screen frames the sockets only.
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

/** The coordinates' font on the board's frame; its size in scene units (the height of its em). */
export const COORDINATE_FONT = { weight: 600, size: 0.48, family: 'system-ui, sans-serif' };

export function socketX(index: number): number {
  return ((index & 7) - 3.5) * PITCH;
}

export function socketZ(index: number): number {
  return ((index >> 3) - 3.5) * PITCH;
}

/** Screens up to this height (CSS px: a phone held sideways, as in hud.css) are short: framed like a portrait one, the supply out of view. */
export const SHORT_SCREEN = 500;

/**
 * Where the supply tray stands: `beside` the board on the blue side (SUPPLY_CENTRE), or `away`
 * beyond its far side (row 1, the top of the screen from Red's seat), turned a quarter, centred on
 * the board's middle and far enough (SUPPLY_AWAY) to be out of a phone's view. A phone's screen,
 * upright or sideways, has no room for it whole beside the panels and the board (which fills its
 * width or its height), so there it is out of view on purpose rather than cut at an edge or lying
 * under a panel; the balls come in from beyond the top of the screen.
 */
export type SupplySide = 'beside' | 'away';
let supplySide: SupplySide = 'beside';
/** How far the `away` tray's near wall stands from the board's far edge: beyond the top of a phone's screen however small its board, on the table. */
const SUPPLY_AWAY = 28;

export function setSupplySide(side: SupplySide): void {
  supplySide = side;
}

/** Where the supply stands on a canvas of this size: beside the board on a landscape screen that is not short, else away. */
export function supplySideFor(width: number, height: number): SupplySide {
  return width >= height && height > SHORT_SCREEN ? 'beside' : 'away';
}

/** A point of the tray, given from its centre as it lies `beside` the board, on the table where it stands. */
function placed(x: number, z: number, side: SupplySide): [number, number] {
  return side === 'beside' ? [SUPPLY_CENTRE[0] + x, SUPPLY_CENTRE[1] + z] : [z, -(SUPPLY_CENTRE[0] + SUPPLY_AWAY + x)];
}

/** The tray's centre and half extents on the table (x, z), walls included, where it stands (now, unless told). */
export function supplyFootprint(side: SupplySide = supplySide): { centre: [number, number]; half: [number, number] } {
  return { centre: placed(0, 0, side), half: side === 'beside' ? SUPPLY_HALF : [SUPPLY_HALF[1], SUPPLY_HALF[0]] };
}

/** The tray's turn about the vertical axis (radians) where it stands now. */
export function supplyYaw(): number {
  return supplySide === 'beside' ? 0 : Math.PI / 2;
}

/** The layer a slot is on (0 on the floor), and its column and row there: odd layers lie in the hollows of the one below. */
function supplyLayer(slot: number): { layer: number; col: number; row: number } {
  let i = slot;
  for (let layer = 0; ; layer++) {
    const columns = SUPPLY_COLUMNS - (layer % 2);
    const count = columns * (SUPPLY_ROWS - (layer % 2));
    if (i < count || layer === SUPPLY_LAYERS - 1) return { layer, col: i % columns, row: Math.floor(i / columns) };
    i -= count;
  }
}

export function supplySlotPosition(slot: number): [number, number, number] {
  // The floor first (the director fills the lowest slots and takes from the highest).
  const { layer, col, row } = supplyLayer(slot);
  // An odd layer sits in the hollows of the one below, half a pitch in from its rows and columns.
  const x0 = -(SUPPLY_COLUMNS - 1) / 2 + (layer % 2) / 2;
  const z0 = -(SUPPLY_ROWS - 1) / 2 + (layer % 2) / 2;
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

/** A side button's pad: radius at its foot and at its top, its height, and how far it rises when lit. */
export const SIDE_BUTTON = { footRadius: 0.46, topRadius: 0.42, height: 0.16, lift: 0.1 };

/**
 * The board's face a player must see whole (the sockets, the coordinates and the side buttons, not
 * the frame's corners beyond them), on the board's top: the sockets' square reaches `sockets` from
 * the centre, each coordinate stands `labels` from it in the frame's middle (its ink `ink` around
 * that), and the side buttons' pads reach `half` (at the middle of each side).
 */
export const BOARD_FACE = {
  half: BOARD_WIDTH / 2 - MARGIN / 2 + SIDE_BUTTON.footRadius,
  labels: BOARD_WIDTH / 2 - MARGIN / 2,
  ink: 0.4 * COORDINATE_FONT.size,
  sockets: 3.5 * PITCH + SOCKET_RADIUS,
};

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
