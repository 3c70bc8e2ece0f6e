/**
 * The keyboard cursor over the sockets: one square, moved by the arrow keys (in the accessible
 * board and anywhere on the page), drawn as a ring in the 3D scene while it is `shown` (after a
 * key was used, so mouse players never see it). The square is named as in docs/rules.md.
 */
import { create } from 'zustand';
import { type BoardSize, parseSquare, squareName } from '../../engine/geometry';

export type CursorStep = 'up' | 'down' | 'left' | 'right' | 'rowStart' | 'rowEnd';

/** The square one step from `square`, staying on the board (a step past the edge stays put). */
export function stepCursor(size: BoardSize, square: string, step: CursorStep): string {
  const index = parseSquare(size, square);
  if (index < 0) throw new Error(`cursor square "${square}" is not on a ${size}x${size} board`);
  const col = square.charCodeAt(0) - 97;
  const row = Number(square.slice(1)) - 1;
  const clamp = (n: number) => Math.max(0, Math.min(size - 1, n));
  // Row 1 is the far side seen from the red seat (the default view), so "up" goes towards row 1.
  const [c, r] = {
    up: [col, row - 1],
    down: [col, row + 1],
    left: [col - 1, row],
    right: [col + 1, row],
    rowStart: [0, row],
    rowEnd: [size - 1, row],
  }[step];
  return `${String.fromCharCode(97 + clamp(c))}${clamp(r) + 1}`;
}

/** The cursor's square on this board: `square` if it is on it, else the first legal square, else the top-left start square. */
export function cursorOn(size: BoardSize, square: string | null, legalSquares: readonly string[]): string {
  if (square !== null && parseSquare(size, square) >= 0) return square;
  return legalSquares[0] ?? squareName(size, 3 * 8 + 3);
}

export interface BoardCursor {
  square: string | null;
  /** Whether the ring is drawn (a keyboard user is using the cursor). */
  shown: boolean;
  moveTo(square: string): void;
  hide(): void;
}

export const useBoardCursor = create<BoardCursor>((set) => ({
  square: null,
  shown: false,
  moveTo: (square) => set({ square, shown: true }),
  hide: () => set({ shown: false }),
}));
