/**
 * Every English text of the accessibility features, in one place (a later pass moves them into
 * the translation files). Colours are named in words; symbols never stand alone.
 */
import type { Colour } from '../../engine/index';

const NAME: Record<Colour, string> = { red: 'Red', yellow: 'Yellow', green: 'Green', blue: 'Blue' };
const list = (items: readonly string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

export const a11yTexts = {
  colour: (c: Colour) => NAME[c],
  /** "Red plays f4, rolls e4 and e5." */
  move: (c: Colour, squares: readonly string[], rolls: readonly string[], timedOut: boolean) =>
    `${timedOut ? `${NAME[c]}'s time ran out: ` : ''}${NAME[c]} plays ${squares.join(' and ')}${rolls.length ? `, rolls ${list(rolls)}` : ''}.`,
  toMove: (c: Colour) => `${NAME[c]} to move.`,
  takenBack: 'Move taken back.',
  throwAgain: (c: Colour) => `The start ball shows ${NAME[c]}, not in play: thrown again.`,
  throwResult: (c: Colour) => `The start ball shows ${NAME[c]}: ${NAME[c]} starts.`,
  newRound: (size: number) => `New round on the ${size} by ${size} board.`,
  roundOver: (winners: readonly string[], scores: string) => `Round over. ${list(winners)} ${winners.length > 1 ? 'share the win' : 'wins'}. ${scores}`,
  score: (parts: readonly [Colour, number][]) => `Score: ${parts.map(([c, n]) => `${NAME[c]} ${n}`).join(', ')}.`,
  noTurn: 'Nobody is to move.',
  noMoveYet: 'No move yet.',
  lastMove: (text: string) => `Last move: ${text}`,
  legalMoves: (moves: readonly string[]) => (moves.length ? `Legal moves: ${moves.join(', ')}.` : 'No legal moves now.'),
  ballsOf: (c: Colour, squares: readonly string[]) => (squares.length ? `${NAME[c]}'s balls: ${squares.join(', ')}.` : `${NAME[c]} has no balls on the board.`),
  row: (n: string, cells: readonly string[]) => `Row ${n}: ${cells.join('; ')}.`,
  column: (c: string, cells: readonly string[]) => `Column ${c}: ${cells.join('; ')}.`,
  /** Accessible name of a socket: "f4, red" or "c3, empty, legal". */
  square: (square: string, ball: Colour | undefined, legal: boolean) => `${square}, ${ball ? NAME[ball].toLowerCase() : 'empty'}${legal ? ', legal' : ''}`,
  cell: (square: string, ball: Colour | undefined) => `${square} ${ball ? NAME[ball].toLowerCase() : 'empty'}`,
  doubleCancelled: 'Pro double cancelled.',

  boardLabel: 'Board (accessible): arrow keys move, Enter or Space places a ball, Escape cancels a Pro double',
  readingLabel: 'Read the board',
  readScore: 'Score',
  readTurn: 'Whose turn',
  readLast: 'Last move',
  readLegal: 'Legal moves',
  readBalls: (c: Colour) => `Where are ${NAME[c]}'s balls`,
  readRow: 'Read the cursor row',
  readColumn: 'Read the cursor column',

  /** What each shortcut does, for the help overlay (shortcuts.ts). */
  shortcut: {
    help: 'Show this help',
    undo: 'Undo (take back to your last turn)',
    suggest: 'Suggest a move',
    hints: 'Socket dots on or off (legal sockets)',
    skip: 'Skip the animations',
    step: 'Computer players: play one move, then pause (Space pauses and resumes)',
    views: "Camera: view from each seat's side",
    topView: 'Camera: view from above',
    readScore: 'Read the score (count)',
    readTurn: 'Read whose turn it is',
    readLast: 'Read the last move',
    readLegal: 'Read the legal moves',
    readRow: "Read the cursor's row",
    readColumn: "Read the cursor's column",
    readBalls: "Where are Red's, Yellow's, Green's, Blue's balls",
  },
  helpTitle: 'Keyboard shortcuts',
  helpIntro: 'Single-key shortcuts work when no text field has focus. Untick one to turn it off (remembered on this device).',
  helpKeys: 'Keys',
  helpAction: 'Action',
  helpOn: 'On',
  helpFixed: 'Arrow keys, Home and End move the board cursor; Enter or Space places; Escape cancels a Pro double or closes a dialog; Tab moves between controls.',
  close: 'Close',
  helpButton: 'Keys',
  helpButtonTitle: 'Keyboard shortcuts and accessibility (?)',
  resetView: 'Reset view',
  resetViewTitle: 'Back to the chosen camera view',
  symbolsSwitch: 'Colour symbols on the balls',
  reducedMotionSwitch: 'Reduced motion',
  symbolName: { red: 'circle', yellow: 'triangle', green: 'square', blue: 'cross' } as Record<Colour, string>,
};
