/**
 * The accessible board: a grid of buttons, one per socket, named with its square and contents
 * ("f4, red", "c3, empty, legal"), mirroring the 3D board so a whole game can be played without
 * the canvas. One tab stop (the cursor's square); the arrow keys, Home and End move the cursor,
 * Enter or Space places through the session's normal click path (so Pro doubles work), Escape
 * cancels a half-made double. Hidden until it has focus; then it shows as a small text board,
 * and the 3D scene draws the cursor ring (SocketCursor).
 */
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { type CursorStep, cursorOn, stepCursor, useBoardCursor } from '../../app/session/boardCursor';
import { useSession } from '../../app/page/pageSession';
import { type Colour } from '../../engine/index';
import { cancelDouble } from './commands';
import { boardSquares, legalSquareSet, squareLabel } from './reading';
import { SymbolMark } from './SymbolMark';
import { a11yTexts as t } from './texts';

const STEPS: Record<string, CursorStep> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right', Home: 'rowStart', End: 'rowEnd' };

/** Focuses the grid's button for `square` (the key handler's way onto the board). */
export function focusBoardSquare(square: string): void {
  document.querySelector<HTMLButtonElement>(`.board-grid button[data-square="${square}"]`)?.focus();
}

export function BoardGrid() {
  const snapshot = useSession((s) => s.snapshot);
  const pending = useSession((s) => s.pendingDouble);
  const { hoverSquare, clickSquare } = useSession.getState();
  const cursor = useBoardCursor((s) => s.square);
  const grid = useRef<HTMLDivElement>(null);
  const legal = legalSquareSet(snapshot);
  const legalSquares = useSession((s) => s.legalSquares);
  const current = cursorOn(snapshot.setup.size, cursor, legalSquares);

  // Keep keyboard focus on the cursor's button when the cursor moves while the grid has focus.
  useEffect(() => {
    if (grid.current?.contains(document.activeElement)) focusBoardSquare(current);
  }, [current]);

  const onKey = (e: KeyboardEvent<HTMLButtonElement>, square: string) => {
    const step = STEPS[e.key];
    if (step) {
      e.preventDefault();
      e.stopPropagation();
      const next = stepCursor(snapshot.setup.size, square, step);
      useBoardCursor.getState().moveTo(next);
      focusBoardSquare(next);
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      cancelDouble();
    }
  };

  return (
    <div ref={grid} className="board-grid" role="grid" aria-label={t.boardLabel} data-testid="board-grid">
      {boardSquares(snapshot).map((row) => (
        <div role="row" key={row[0]}>
          {row.map((square) => {
            const ball = snapshot.state.board[square] as Colour | undefined;
            return (
              <span role="gridcell" key={square}>
                <button
                  type="button"
                  data-square={square}
                  className={`cell${ball ? ` ${ball}` : ''}${legal.has(square) ? ' legal' : ''}${pending === square ? ' pending' : ''}`}
                  tabIndex={square === current ? 0 : -1}
                  aria-label={squareLabel(snapshot, square, legal)}
                  aria-pressed={pending === square ? true : undefined}
                  onFocus={() => {
                    useBoardCursor.getState().moveTo(square);
                    hoverSquare(square);
                  }}
                  onBlur={() => hoverSquare(null)}
                  onKeyDown={(e) => onKey(e, square)}
                  onClick={() => clickSquare(square)}
                >
                  {ball ? <SymbolMark colour={ball} /> : legal.has(square) ? '·' : ''}
                </button>
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}
