/**
 * The board read out in words: what the live region announces after a change, and the answers
 * to a blind player's questions (score, turn, last move, legal moves, a colour's balls, a row or
 * a column). Pure functions of the round snapshot.
 */
import { type Colour, COLOURS, type Seat } from '../../engine/index';
import type { RoundSnapshot } from '../../app/session/roundSnapshot';
import { a11yTexts as t } from './texts';
import { t as translate } from '../../i18n/index';

/** Every square of the round's board, row by row (a1, b1, ... then a2 ...). */
export function boardSquares(snapshot: RoundSnapshot): string[][] {
  const n = snapshot.setup.size;
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => `${String.fromCharCode(97 + c)}${r + 1}`));
}

/** Squares a move could start from now (both squares of Pro doubles). */
export function legalSquareSet(snapshot: RoundSnapshot): Set<string> {
  return new Set(snapshot.legalMoves.flatMap((m) => m.split('+')));
}

export function squareLabel(snapshot: RoundSnapshot, square: string, legal: ReadonlySet<string>): string {
  return t.square(square, snapshot.state.board[square], legal.has(square));
}

export function readScore(snapshot: RoundSnapshot): string {
  return t.score(snapshot.setup.colours.map((c) => [c, snapshot.scores[c] ?? 0] as [Colour, number]));
}

export function readTurn(snapshot: RoundSnapshot): string {
  return snapshot.toMove && !snapshot.over ? t.toMove(snapshot.toMove) : t.noTurn;
}

export function readLastMove(snapshot: RoundSnapshot): string {
  const last = snapshot.state.moves[snapshot.state.moves.length - 1];
  return last ? t.lastMove(t.move(last.colour, last.squares, last.rolls.map((r) => r.square), last.timedOut)) : t.noMoveYet;
}

export function readLegalMoves(snapshot: RoundSnapshot): string {
  return t.legalMoves(snapshot.legalMoves);
}

/** "Where are Yellow's balls": squares in board order. */
export function readBallsOf(snapshot: RoundSnapshot, colour: Colour): string {
  return t.ballsOf(colour, boardSquares(snapshot).flat().filter((s) => snapshot.state.board[s] === colour));
}

export function readRow(snapshot: RoundSnapshot, square: string): string {
  const row = square.slice(1);
  return t.row(row, boardSquares(snapshot)[Number(row) - 1].map((s) => t.cell(s, snapshot.state.board[s])));
}

export function readColumn(snapshot: RoundSnapshot, square: string): string {
  const col = square[0];
  return t.column(col, boardSquares(snapshot).map((r) => r[col.charCodeAt(0) - 97]).map((s) => t.cell(s, snapshot.state.board[s])));
}

/**
 * What changed between two snapshots, in words (null when nothing worth saying): a new round and
 * its start throws, each new move with its rolls, a take-back, whose turn it is, the result.
 */
export function describeChange(before: RoundSnapshot | null, after: RoundSnapshot, seats: readonly Seat[]): string | null {
  const parts: string[] = [];
  const sameRound = before !== null && before.events[0] === after.events[0];
  const movesBefore = sameRound ? before.state.moves.length : 0;
  if (!sameRound) {
    parts.push(t.newRound(after.setup.size));
    for (const e of after.events) {
      if (e.type === 'ballThrown') parts.push(e.inPlay ? t.throwResult(e.colour) : t.throwAgain(e.colour));
    }
  }
  const moves = after.state.moves;
  if (sameRound && moves.length < movesBefore) parts.push(t.takenBack);
  for (const m of moves.slice(movesBefore)) parts.push(t.move(m.colour, m.squares, m.rolls.map((r) => r.square), m.timedOut));
  if (after.over && after.result) {
    const names = after.result.winners.map((w) => seats[w]?.name ?? translate('dialogs:playerN', { n: w + 1 }));
    parts.push(t.roundOver(names, readScore(after)));
  } else if (after.toMove && (parts.length > 0 || before?.toMove !== after.toMove)) parts.push(t.toMove(after.toMove));
  return parts.length ? parts.join(' ') : null;
}

/** The colours in play, in the rules' order (for the "where are X's balls" commands). */
export function coloursInPlay(snapshot: RoundSnapshot): Colour[] {
  return COLOURS.filter((c) => snapshot.setup.colours.includes(c));
}
