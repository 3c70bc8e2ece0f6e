/**
 * Board geometry. Every board size lives on the same internal 8x8 grid: index = row * 8 + col,
 * row 0 at the top (docs/rules.md row "1"), col 0 at the left (column "a"). A 6x6 or 4x4 board uses
 * the central region, so the physical tray and the bitboards never change shape.
 */
export type BoardSize = 8 | 6 | 4;
export const BOARD_SIZES: readonly BoardSize[] = [8, 6, 4];

/** Direction steps in (row, col), clockwise from north. */
export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [-1, 0], [-1, 1], [0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1],
];

export function isBoardSize(n: number): n is BoardSize {
  return n === 8 || n === 6 || n === 4;
}

export function boardOffset(size: BoardSize): number {
  return (8 - size) / 2;
}

export function isPlayable(size: BoardSize, index: number): boolean {
  const off = boardOffset(size);
  const row = index >> 3;
  const col = index & 7;
  return row >= off && row < off + size && col >= off && col < off + size;
}

/** The square's name on a board of this size, e.g. "f4". */
export function squareName(size: BoardSize, index: number): string {
  const off = boardOffset(size);
  return String.fromCharCode(97 + (index & 7) - off) + String((index >> 3) - off + 1);
}

/** The internal index of a square name, or -1 if the name is not a square of this board. */
export function parseSquare(size: BoardSize, name: string): number {
  const m = /^([a-h])([1-8])$/.exec(name);
  if (!m) return -1;
  const col = m[1].charCodeAt(0) - 97;
  const row = Number(m[2]) - 1;
  if (col >= size || row >= size) return -1;
  const off = boardOffset(size);
  return (row + off) * 8 + col + off;
}

/**
 * The four start squares, clockwise from top-left: red, yellow, green, blue. The central 2x2 is
 * internal rows and columns 3-4 on every board size.
 */
export const START_SQUARES: readonly number[] = [3 * 8 + 3, 3 * 8 + 4, 4 * 8 + 4, 4 * 8 + 3];
