/**
 * The accessibility features' texts, looked up in the a11y namespace of the language files
 * (src/i18n/locales/<language>/a11y.json). Colours are named in words; symbols never stand alone.
 */
import type { Colour } from '../../engine/index';
import { colourName, listOf, t } from '../../i18n/index';
import { personContext, playerName } from '../../i18n/playerNames';

const k = (key: string, options?: Record<string, unknown>) => t(`a11y:${key}`, options);
const contents = (ball: Colour | undefined) => (ball ? colourName(ball, true) : k('empty'));

export const a11yTexts = {
  colour: (c: Colour) => colourName(c),
  /** "Red plays f4, rolls e4 and e5." */
  move: (c: Colour, squares: readonly string[], rolls: readonly string[], timedOut: boolean) =>
    `${timedOut ? k('timeRanOut', { colour: colourName(c) }) : ''}${k(rolls.length ? 'moveRolls' : 'move', { colour: colourName(c), squares: listOf(squares), rolls: listOf(rolls) })}`,
  toMove: (c: Colour) => k('toMove', { colour: colourName(c) }),
  get takenBack() { return k('takenBack'); },
  throwAgain: (c: Colour) => k('throwAgain', { colour: colourName(c) }),
  throwResult: (c: Colour) => k('throwResult', { colour: colourName(c) }),
  newRound: (size: number) => k('newRound', { size }),
  /** `winners` as stored (default names say who is "you"); shown in the current language. */
  roundOver: (winners: readonly string[], scores: string) => {
    const you = winners.length === 1 ? personContext(winners[0]) : undefined;
    return k('roundOver', { winners: listOf(winners.map(playerName)), scores, ...(you ? { context: you } : { count: winners.length }) });
  },
  score: (parts: readonly [Colour, number][]) => k('score', { parts: parts.map(([c, n]) => `${colourName(c)} ${n}`).join(', ') }),
  get engineHelpOff() { return k('engineHelpOff'); },
  get noTurn() { return k('noTurn'); },
  get noMoveYet() { return k('noMoveYet'); },
  lastMove: (text: string) => k('lastMove', { move: text }),
  legalMoves: (moves: readonly string[]) => (moves.length ? k('legalMoves', { moves: moves.join(', ') }) : k('noLegalMoves')),
  ballsOf: (c: Colour, squares: readonly string[]) => (squares.length ? k('ballsOf', { colour: colourName(c, true, 'balls'), squares: squares.join(', ') }) : k('noBalls', { colour: colourName(c) })),
  row: (n: string, cells: readonly string[]) => k('row', { row: n, cells: cells.join('; ') }),
  column: (c: string, cells: readonly string[]) => k('column', { column: c, cells: cells.join('; ') }),
  /** Accessible name of a socket: "f4, red" or "c3, empty, legal". */
  square: (square: string, ball: Colour | undefined, legal: boolean) => `${square}, ${contents(ball)}${legal ? `, ${k('legal')}` : ''}`,
  cell: (square: string, ball: Colour | undefined) => `${square} ${contents(ball)}`,
  get doubleCancelled() { return k('doubleCancelled'); },

  get boardLabel() { return k('boardLabel'); },
  get readingLabel() { return k('readingLabel'); },
  get readScore() { return k('readScore'); },
  get readTurn() { return k('readTurn'); },
  get readLast() { return k('readLast'); },
  get readLegal() { return k('readLegal'); },
  readBalls: (c: Colour) => k('readBalls', { colour: colourName(c, true, 'balls') }),
  get readRow() { return k('readRow'); },
  get readColumn() { return k('readColumn'); },

  get helpTitle() { return k('helpTitle'); },
  get helpIntro() { return k('helpIntro'); },
  get helpKeys() { return k('helpKeys'); },
  get helpAction() { return k('helpAction'); },
  get helpOn() { return k('helpOn'); },
  get helpFixed() { return k('helpFixed'); },
  get close() { return k('close'); },
  get helpButton() { return k('helpButton'); },
  get helpButtonTitle() { return k('helpButtonTitle'); },
  get resetView() { return k('resetView'); },
  get resetViewTitle() { return k('resetViewTitle'); },
  get symbolsSwitch() { return k('symbolsSwitch'); },
  get reducedMotionSwitch() { return k('reducedMotionSwitch'); },
  symbolName: (c: Colour) => k(`symbol.${c}`),
};
