/**
 * Game records: one round as human-readable text, in the spirit of chess PGN, specified in
 * docs/record-format.md. What the writer (recordWriter.ts) and the reader (recordReader.ts) share:
 * the round's tags, the checks of informational tags, the result and seat texts, and RecordError,
 * which names the line and the column of every problem.
 */
import type { Colour } from './colours';
import type { RoundSetup } from './events';
import { escapedCharacter, excerpt, quote, unprintableIndex } from './excerpt';
import { roundSetup, type RuleError } from './game';
import type { GameState } from './state';

/**
 * What is wrong with a record, for a program that words it itself (the app translates it): a stable
 * code with `params`, besides the English `reason`. `rule` and `unseatableRule` carry the engine's
 * RuleError as `refusal`; `other` is a reason of the writer (toRecord) that reading never gives.
 */
export type RecordCode =
  | 'empty' | 'badLine' | 'tagsBeforeMoves' | 'duplicateTag' | 'missingTag' | 'unknownTag' | 'tagName' | 'noTagName'
  | 'tagQuotes' | 'tagUnclosed' | 'tagControl' | 'tagBracket' | 'afterTag' | 'date' | 'moveNumber' | 'moveNumberSpace' | 'moveNoColour' | 'moveNoSquare'
  | 'afterMoveMark' | 'afterMove' | 'notColour' | 'gameTag' | 'sizeTag' | 'listedTwice' | 'coloursEmpty' | 'seatedTwice' | 'playersForm'
  | 'choice' | 'timeLimitTag' | 'seedTag' | 'throwsEmpty' | 'firstTag' | 'resultForm' | 'ballsNumber' | 'notInPlay' | 'unseated'
  | 'resultMissing' | 'unseatableRule' | 'unseatableSeats' | 'throwsNeedSeed' | 'throwsDiffer' | 'firstDiffers' | 'afterEnd'
  | 'outOfSequence' | 'wrongColour' | 'notASquare' | 'noTimeLimit' | 'timeoutMove' | 'resultOver' | 'resultUnfinished' | 'resultDiffers' | 'rule'
  | 'other';

/** A reason's params: numbers, texts (already quoted where the English quotes them), colours, lists. */
export type RecordParams = Readonly<Record<string, string | number | readonly string[]>>;

/** A reason before it has a place: the English text with its code and params. */
export interface Reason {
  text: string;
  code: RecordCode;
  params?: RecordParams;
  refusal?: RuleError;
}

/** A record that cannot be read: `line` and `column` count from 1; `reason` says what is wrong in English, `code` + `params` for translations. */
export class RecordError extends Error {
  override name = 'RecordError';
  readonly reason: string;
  readonly code: RecordCode;
  readonly params: RecordParams;
  readonly refusal?: RuleError;

  constructor(
    readonly line: number,
    readonly column: number,
    why: Reason,
  ) {
    super(`line ${line}, column ${column}: ${why.text}`);
    this.reason = why.text;
    this.code = why.code;
    this.params = why.params ?? {};
    this.refusal = why.refusal;
  }
}

/** Tags that set up or check the round, in the order they are written. */
const ROUND_TAGS = ['Game', 'Size', 'Colours', 'Players', 'Variant', 'Misere', 'TimeLimit', 'TakeBacks', 'Seed', 'Throws', 'First', 'Result'] as const;

export type RoundTag = (typeof ROUND_TAGS)[number];

export function isRoundTag(name: string): name is RoundTag {
  return (ROUND_TAGS as readonly string[]).includes(name);
}

/** Seed of records that do not give one (hand-transcribed games): any fixed number would do. */
export const DEFAULT_SEED = 0;

const TAG_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

const DATE = /^[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}$/;


/** Why a tag name cannot be used as an informational tag, or null. */
export function freeTagProblem(name: string): Reason | null {
  // Only when writing (a round tag is never read as an informational one), so no translated code.
  if (isRoundTag(name)) return { text: `[${name}] comes from the game itself`, code: 'other' };
  if (name === 'Date') return null;
  const known = [...ROUND_TAGS, 'Date'];
  const lower = name.toLowerCase();
  // At most two edits apart, so names whose length differs by more than 2 are skipped unmeasured
  // (the edit distance of a 10 MB name would take seconds and gigabytes).
  const near = known.find(
    (k) => k.toLowerCase() === lower || (k.length >= 5 && Math.abs(k.length - lower.length) <= 2 && editDistance(k.toLowerCase(), lower) <= (k.length >= 7 ? 2 : 1)),
  );
  if (near) return { text: `unknown tag [${excerpt(name)}]; did you mean ${near}?`, code: 'unknownTag', params: { tag: excerpt(name), near } };
  return TAG_NAME.test(name) ? null : { text: `${quote(name)} is not a tag name (letters a-z, digits and _, starting with a letter)`, code: 'tagName', params: { text: quote(name) } };
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

/**
 * Why a tag value (as written between its quotes) cannot be read, or null: it holds an unprintable
 * character (excerpt.ts: control characters, line separators, bidi overrides). Tag values are
 * printed as they are (replay, the page), and a terminal would obey an escape sequence, so the
 * reader refuses them and the writer never writes them. `index`: where in `value`.
 */
export function tagValueProblem(tag: string, value: string): { index: number; reason: Reason } | null {
  const index = unprintableIndex(value);
  if (index === -1) return null;
  const shown = excerpt(tag);
  const character = escapedCharacter(value[index]);
  return { index, reason: { text: `the value of [${shown}] holds the control character ${character}: tag values are printable text`, code: 'tagControl', params: { tag: shown, character } } };
}

export function dateProblem(value: string): Reason | null {
  return DATE.test(value) ? null : { text: `a date is written YYYY.MM.DD, with ? for unknown digits, not ${quote(value)}`, code: 'date', params: { text: quote(value) } };
}

/** "red 20, yellow 15, ..." for a finished round, "*" while it is unfinished. */
export function resultText(state: GameState): string {
  if (!state.result) return '*';
  return resultBalls(state).map(({ colour, balls }) => `${colour} ${balls}`).join(', ');
}

/** Each colour's balls at the end, in the setup's colour order (empty while unfinished): what resultText writes, for wording in a language. */
export function resultBalls(state: GameState): { colour: Colour; balls: number }[] {
  if (!state.result) return [];
  return state.setup.colours.map((colour) => ({ colour, balls: state.result!.scores[colour] ?? 0 }));
}

/** How a seat is written: its colours joined by "+" ("red+green" for solo or a team). */
export function seatName(seat: readonly Colour[]): string {
  return seat.join('+');
}

export function seatsText(seats: readonly (readonly Colour[])[]): string {
  return seats.map(seatName).join(' ');
}

/** The seats the engine gives these colours and variant when no player grouping is written. */
export function defaultSeats(setup: Pick<RoundSetup, 'size' | 'colours' | 'variant'>): Colour[][] {
  return roundSetup({ size: setup.size, colours: setup.colours, variant: setup.variant, seed: DEFAULT_SEED }).players;
}
