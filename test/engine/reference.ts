/**
 * An independent, deliberately slow reference implementation of the Rolit rules (docs/rules.md),
 * written from the rule text with plain arrays and names, sharing no code with src/engine.
 * The property tests compare the engine against it.
 */
export type Cell = string | null; // colour name or empty
export type Grid = Cell[][]; // grid[row][col], row 0 = docs/rules.md row 1

const DIRS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];

export function gridFromBoard(size: number, board: Record<string, string>): Grid {
  const grid: Grid = Array.from({ length: size }, () => Array<Cell>(size).fill(null));
  for (const [name, colour] of Object.entries(board)) {
    grid[Number(name.slice(1)) - 1][name.charCodeAt(0) - 97] = colour;
  }
  return grid;
}

export function name(row: number, col: number): string {
  return String.fromCharCode(97 + col) + (row + 1);
}

function inside(grid: Grid, r: number, c: number): boolean {
  return r >= 0 && c >= 0 && r < grid.length && c < grid.length;
}

/**
 * From (r, c) in direction (dr, dc): the unbroken run of balls not of `colour`, and the square
 * just past it (undefined when the run reaches the edge).
 */
function runOfOthers(grid: Grid, r: number, c: number, dr: number, dc: number, colour: string): { run: string[]; end?: [number, number] } {
  const run: string[] = [];
  let rr = r + dr;
  let cc = c + dc;
  while (inside(grid, rr, cc) && grid[rr][cc] !== null && grid[rr][cc] !== colour) {
    run.push(name(rr, cc));
    rr += dr;
    cc += dc;
  }
  return { run, end: inside(grid, rr, cc) ? [rr, cc] : undefined };
}

/** Balls captured by `colour` placing at (r, c): for each direction, the run ended by its own ball. */
export function captures(grid: Grid, r: number, c: number, colour: string): string[] {
  const out: string[] = [];
  for (const [dr, dc] of DIRS) {
    const { run, end } = runOfOthers(grid, r, c, dr, dc, colour);
    if (run.length > 0 && end !== undefined && grid[end[0]][end[1]] === colour) out.push(...run);
  }
  return out.sort();
}

function touches(grid: Grid, r: number, c: number): boolean {
  return DIRS.some(([dr, dc]) => inside(grid, r + dr, c + dc) && grid[r + dr][c + dc] !== null);
}

/** Legal single placements for `colour`, with the obligation to capture. */
export function legalSingles(grid: Grid, colour: string): string[] {
  const capturing: string[] = [];
  const touching: string[] = [];
  for (let r = 0; r < grid.length; r++) {
    for (let c = 0; c < grid.length; c++) {
      if (grid[r][c] !== null || !touches(grid, r, c)) continue;
      touching.push(name(r, c));
      if (captures(grid, r, c, colour).length > 0) capturing.push(name(r, c));
    }
  }
  return capturing.length > 0 ? capturing : touching;
}

/** Pro double placements (only when nothing captures): "a+b" with the captured run. */
export function legalDoubles(grid: Grid, colour: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let r = 0; r < grid.length; r++) {
    for (let c = 0; c < grid.length; c++) {
      if (grid[r][c] !== null) continue;
      for (const [dr, dc] of DIRS) {
        const { run, end } = runOfOthers(grid, r, c, dr, dc, colour);
        if (run.length > 0 && end !== undefined && grid[end[0]][end[1]] === null) {
          const pair = [name(r, c), name(end[0], end[1])];
          const key = pair.sort((a, b) => order(a) - order(b)).join('+');
          out.set(key, run.sort());
        }
      }
    }
  }
  return out;
}

/** Board order: row, then column. */
export function order(square: string): number {
  return (Number(square.slice(1)) - 1) * 8 + (square.charCodeAt(0) - 97);
}
