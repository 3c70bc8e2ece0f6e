/**
 * What a human's pointer does on the board: the preview of a hovered socket, the sockets that
 * may be played, and clicks, including building a Pro double from two clicks. Pure: the session
 * passes the round and applies the outcome.
 */
import { ballCounts, type Colour, type Game } from '../../engine/index';
import { sessionTexts } from './sessionTexts';
import type { Words } from './words';

export interface Preview {
  square: string;
  legal: boolean;
  /** Why the move is illegal (the engine's reason, in the page's language). */
  reason?: string;
  /** Balls the move would roll, in rolling order. */
  rolls: string[];
  /** Pro double being built: the first square already chosen. */
  first?: string;
  /** Balls of each colour in play after the move (a legal complete move only). */
  after?: Partial<Record<Colour, number>>;
}

/** Each colour's balls after `move` (placed balls and the balls they roll take the mover's colour). */
function countsAfter(game: Game, move: string, rolls: readonly string[]): Partial<Record<Colour, number>> {
  const mover = game.state.toMove!;
  const board = { ...game.state.board };
  for (const square of [...move.split('+'), ...rolls]) board[square] = mover;
  return ballCounts(game.setup, board).scores;
}

/** What a click asks the session to do. */
export type ClickOutcome =
  | { kind: 'play'; move: string }
  /** The first ball of a Pro double: wait for the second click. */
  | { kind: 'startDouble'; square: string; notice: Words }
  | { kind: 'refuse'; reason: Words };

/** Pro doubles (legal moves) with a ball on `square`. */
function doublesWith(legalMoves: readonly string[], square: string): string[] {
  return legalMoves.filter((m) => m.includes('+') && m.split('+').includes(square));
}

/** Squares a human may click now: every single move and both squares of every Pro double. */
export function clickableSquares(legalMoves: readonly string[]): string[] {
  return [...new Set(legalMoves.flatMap((m) => m.split('+')))];
}

export function previewOf(game: Game, square: string, pendingDouble: string | null): Preview {
  if (pendingDouble && square !== pendingDouble) {
    const check = game.check(`${pendingDouble}+${square}`);
    return check.ok ? { square, legal: true, rolls: check.rolls, first: pendingDouble, after: countsAfter(game, `${pendingDouble}+${square}`, check.rolls) } : { square, legal: false, ...refused(check.refusal), rolls: [], first: pendingDouble };
  }
  const check = game.check(square);
  if (check.ok) return { square, legal: true, rolls: check.rolls, after: countsAfter(game, square, check.rolls) };
  // In Pro a square may be illegal alone but the first ball of a legal double.
  if (doublesWith(game.legalMoves(), square).length) return { square, legal: true, rolls: [] };
  return { square, legal: false, ...refused(check.refusal), rolls: [] };
}

/** A preview's reason, worded in the page's language at each reading. */
function refused(refusal: Parameters<typeof sessionTexts.refusal>[0]): { readonly reason: string } {
  return {
    get reason() {
      return sessionTexts.refusal(refusal);
    },
  };
}

/** A human's click on `square`, with `pendingDouble` the first ball of a double already chosen. */
export function clickOutcome(game: Game, square: string, pendingDouble: string | null): ClickOutcome {
  if (pendingDouble) {
    if (square !== pendingDouble) return { kind: 'play', move: `${pendingDouble}+${square}` };
    const single = game.check(square);
    return single.ok ? { kind: 'play', move: square } : { kind: 'refuse', reason: () => sessionTexts.secondBallCancelled(single.refusal) };
  }
  if (!doublesWith(game.legalMoves(), square).length) return { kind: 'play', move: square };
  const alone = game.check(square).ok;
  const notice = () => (alone ? sessionTexts.proClickAgain(square) : sessionTexts.proSecondSocket(square));
  return { kind: 'startDouble', square, notice };
}
