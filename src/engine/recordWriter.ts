/**
 * Game records: one round as human-readable text, in the spirit of chess PGN. The format is
 * specified in docs/record-format.md; in short:
 *
 *   [Game "Rolit"]
 *   [Size "8"]
 *   [Colours "red yellow green blue"]
 *   ...more tags...
 *   [First "red"]
 *   [Result "red 20, yellow 15, green 14, blue 15"]
 *
 *   1. red f4
 *   2. yellow e3+e6 {time}    ; a Pro double, played for yellow when the clock ran out
 *
 *   ; comment lines: the order-of-play diagram of the rule sheets and the final board
 *
 * This module writes records; recordReader.ts reads them back.
 */
import { type Colour, COLOUR_LETTERS, colourIndex } from './colours';

import { Game } from './game';
import { type BoardSize, parseSquare, START_SQUARES } from './geometry';
import type { GameState } from './state';
import { freeTagProblem, dateProblem, tagValueProblem, resultText, seatName, seatsText, defaultSeats } from './recordFormat';

/**
 * The record of a game: its tags, the moves as they stand (moves taken back are not part of
 * the record), then comment lines with the order-of-play diagram and the board. `extraTags`
 * adds informational tags such as Date ("2026.11.21", see recordDate) or player names
 * ({ Red: 'Ann' }); they cannot override the tags that come from the game.
 */
export function toRecord(game: Game, extraTags: Record<string, string> = {}): string {
  const state = game.state;
  const setup = state.setup;
  const lines: string[] = [];
  const tag = (name: string, value: string) => lines.push(`[${name} "${value.replace(/[\\"]/g, (c) => `\\${c}`)}"]`);

  for (const [name, value] of Object.entries(extraTags)) {
    const problem = freeTagProblem(name)?.text ?? tagValueProblem(name, value)?.reason.text ?? (name === 'Date' ? dateProblem(value)?.text : null);
    if (problem) throw new Error(`toRecord: tag [${name}]: ${problem}`);
  }

  tag('Game', 'Rolit');
  if (extraTags.Date !== undefined) tag('Date', extraTags.Date);
  tag('Size', String(setup.size));
  tag('Colours', setup.colours.join(' '));
  if (seatsText(setup.players) !== seatsText(defaultSeats(setup))) tag('Players', seatsText(setup.players));
  tag('Variant', setup.variant);
  tag('Misere', onOff(setup.misere));
  tag('TimeLimit', String(setup.moveTimeLimit));
  tag('TakeBacks', onOff(setup.takeBacks));
  tag('Seed', String(setup.seed));
  if (state.throws.length > 0) tag('Throws', state.throws.join(' '));
  tag('First', firstMover(game));
  tag('Result', resultText(state));
  for (const [name, value] of Object.entries(extraTags)) if (name !== 'Date') tag(name, value);

  lines.push('');
  state.moves.forEach((m, i) => lines.push(`${i + 1}. ${m.colour} ${m.squares.join('+')}${m.timedOut ? ' {time}' : ''}`));
  lines.push('', ...diagramLines(state).map((l) => (l ? `; ${l}` : ';')));
  return lines.join('\n') + '\n';
}

/** A date as a record writes it: "2026.11.21" (local time). */
export function recordDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}.${two(date.getMonth() + 1)}.${two(date.getDate())}`;
}

/** The board as rows of R, Y, G, B and . (empty), top row first, like the protocol's `board`. */
export function boardRows(size: BoardSize, board: Readonly<Record<string, Colour>>): string[] {
  return rowsOf(size, (square) => {
    const colour = board[square];
    return colour ? COLOUR_LETTERS[colourIndex(colour)] : '.';
  });
}

/** One line on the outcome: "red wins with 20 balls", "red and blue share the win with 16 balls", ... */
export function winnersText(state: GameState): string {
  if (!state.result) return `unfinished: ${state.toMove} to move after move ${state.moves.length}`;
  const { winners, playerScores } = state.result;
  const names = winners.map((i) => seatName(state.setup.players[i]));
  const balls = `${playerScores[winners[0]]} ${playerScores[winners[0]] === 1 ? 'ball' : 'balls'}`;
  if (state.setup.players.length === 1) return `${names[0]} (solo) ends with ${balls}`;
  const how = state.setup.misere ? ' (misere: fewest balls wins)' : '';
  if (names.length === 1) return `${names[0]} wins with ${balls}${how}`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} share the win with ${balls}${how}`;
}

function onOff(flag: boolean): string {
  return flag ? 'on' : 'off';
}

function firstMover(game: Game): Colour {
  for (const e of game.events) if (e.type === 'turn') return e.colour;
  throw new Error('a game always has a first turn');
}

function rowsOf(size: BoardSize, cell: (square: string) => string, separator = ''): string[] {
  const rows: string[] = [];
  for (let r = 1; r <= size; r++) {
    const cells: string[] = [];
    for (let c = 0; c < size; c++) cells.push(cell(String.fromCharCode(97 + c) + r));
    rows.push(cells.join(separator));
  }
  return rows;
}

/**
 * The transcription the rule sheets describe (every ball's move number on a diagram of the
 * board; balls never move, so this alone records the game), then the board and the outcome.
 */
function diagramLines(state: GameState): string[] {
  const size = state.setup.size;
  const order: Record<string, number> = {};
  state.moves.forEach((m, i) => m.squares.forEach((sq) => (order[sq] = i + 1)));
  const columns = Array.from({ length: size }, (_, c) => String.fromCharCode(97 + c));
  const startLetter = (sq: string) => {
    // Start balls are the occupied squares no move placed; show the colour they started with.
    const index = parseSquare(size, sq);
    const start = START_SQUARES.indexOf(index);
    return start >= 0 ? COLOUR_LETTERS[start] : '.';
  };
  const numbered = rowsOf(size, (sq) => String(order[sq] ?? startLetter(sq)).padStart(3), '');
  const board = boardRows(size, state.board);
  const after = state.moves.length === 0 ? 'at the start' : `after move ${state.moves.length}`;
  return [
    'Order of play: the move that placed each ball (R Y G B: start balls, . empty).',
    `   ${columns.map((c) => c.padStart(3)).join('')}`,
    ...numbered.map((row, i) => `${String(i + 1).padStart(2)} ${row}`),
    '',
    `Board ${after} (R red, Y yellow, G green, B blue, . empty):`,
    `   ${columns.join('')}`,
    ...board.map((row, i) => `${String(i + 1).padStart(2)} ${row}`),
    '',
    state.result ? `Result: ${resultText(state)}; ${winnersText(state)}.` : `Result: ${winnersText(state)}.`,
  ];
}
