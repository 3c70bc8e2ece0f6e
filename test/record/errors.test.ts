import { describe, expect, it } from 'vitest';
import { parseRecord, Random, readRecord, RecordError } from '../../src/engine/index';
import { recordText } from '../../src/i18n/engineReasons';
import { setLanguage } from '../../src/i18n/index';
import { RESOURCES } from '../support/allTexts';
import { sampleRecords } from './samples';

/** A valid unfinished record (8x8, red first, no throw); line numbers below refer to it. */
const BASE = [
  '[Game "Rolit"]', //             1
  '[Date "2026.11.21"]', //        2
  '[Size "8"]', //                 3
  '[Colours "red yellow green blue"]', // 4
  '[Variant "standard"]', //       5
  '[Misere "off"]', //             6
  '[TimeLimit "0"]', //            7
  '[TakeBacks "on"]', //           8
  '[Seed "5"]', //                 9
  '[First "red"]', //              10
  '[Result "*"]', //               11
  '[Red "Ann"]', //                12
  '', //                           13
  '1. red d6', //                  14
  '2. yellow c6', //               15
  '3. green e3', //                16
  '4. blue e2', //                 17
  '5. red f4', //                  18
  '6. yellow f3', //               19
  '7. green g3', //                20
  '8. blue e6', //                 21
];

/** A finished 4x4 round (red 5, green 11). */
const FINISHED = [
  '[Game "Rolit"]',
  '[Size "4"]',
  '[Colours "red green"]',
  '[First "red"]',
  '[Result "red 5, green 11"]',
  '',
  ...'d2 a1 a2 c1 b4 a3 b1 d3 d1 a4 c4 d4'.split(' ').map((sq, i) => `${i + 1}. ${i % 2 ? 'green' : 'red'} ${sq}`),
];

type Edit = [line: number, text: string | null];

/** The base with lines replaced (text), removed (null) or inserted after (line + 0.5). */
function edit(lines: string[], ...edits: Edit[]): string {
  const out: string[] = [];
  lines.forEach((text, i) => {
    const line = i + 1;
    const replaced = edits.find(([n]) => n === line);
    if (!replaced) out.push(text);
    else if (replaced[1] !== null) out.push(replaced[1]);
    for (const [n, t] of edits) if (n === line + 0.5) out.push(t!);
  });
  return out.join('\n') + '\n';
}

function errorOf(text: string): RecordError {
  try {
    parseRecord(text);
  } catch (e) {
    if (e instanceof RecordError) return e;
    throw e;
  }
  throw new Error('the record was accepted');
}

/** The record codes the cases below met, each worded in every language. */
const codesMet = new Set<string>();

function expectError(text: string, line: number, column: number, reason: string): void {
  const e = errorOf(text);
  expect({ line: e.line, column: e.column, reason: e.reason }).toEqual({ line, column, reason });
  expect(e.message).toBe(`line ${line}, column ${column}: ${reason}`);
  expectWorded(e);
}

/** The app's wording of the code (src/i18n): in English exactly the engine's message; in the other languages their own words. */
function expectWorded(e: RecordError): void {
  codesMet.add(e.code);
  // Lists are written the language's way ("red and green", "a, b, or c"); the rest is word for word.
  const lists = (text: string) => (Object.values(e.params).some(Array.isArray) || e.refusal ? text.replace(/,? (and|or) |, /g, ' ') : text);
  expect(lists(recordText(e))).toBe(lists(e.message));
  try {
    for (const language of ['fr', 'de', 'nl', 'it'] as const) {
      setLanguage(language);
      const worded = recordText(e);
      expect(worded, `${e.code} in ${language}`).not.toMatch(/⟦|\bline\b|\bcolumn\b/);
      expect(worded, `${e.code} in ${language}`).not.toBe(e.message);
    }
  } finally {
    setLanguage('en');
  }
}

describe('record import errors', () => {
  it('the base records are valid', () => {
    expect(parseRecord(edit(BASE)).state.moves).toHaveLength(8);
    expect(parseRecord(edit(FINISHED)).state.over).toBe(true);
  });

  describe('empty and garbage', () => {
    const cases: [string, string, number, number, string][] = [
      ['empty file', '', 1, 1, 'the record is empty: expected tags like [Game "Rolit"], then the moves'],
      ['only blanks and comments', '  \n; a comment\n\t\n', 1, 1, 'the record is empty: expected tags like [Game "Rolit"], then the moves'],
      ['only a BOM', '\uFEFF', 1, 1, 'the record is empty: expected tags like [Game "Rolit"], then the moves'],
      ['garbage line', edit(BASE, [13, '  hello world']), 13, 3, 'expected a tag like [Size "8"], a move like "1. red f4" or a comment after ";", not "hello world"'],
      ['binary-looking garbage', '\u0000\u0001PK\u0003\u0004', 1, 1, 'expected a tag like [Size "8"], a move like "1. red f4" or a comment after ";", not "\\u0000\\u0001PK\\u0003\\u0004"'],
      ['long garbage is shortened', edit(BASE, [2, 'Rolit game played on 2026-11-21 at the club']), 2, 1, 'expected a tag like [Size "8"], a move like "1. red f4" or a comment after ";", not "Rolit game played on 2026-11-21 at the c..."'],
    ];
    for (const [name, text, line, column, reason] of cases) it(name, () => expectError(text, line, column, reason));
  });

  describe('tags', () => {
    const cases: [string, string, number, number, string][] = [
      ['missing required tag', edit(BASE, [10, null]), 12, 1, 'missing tag [First] (required: Game, Size, Colours, First, Result)'],
      ['missing all tags', '1. red f4\n', 1, 1, 'missing tag [Game] (required: Game, Size, Colours, First, Result)'],
      ['duplicate tag', edit(BASE, [4.5, '[Size "6"]']), 5, 2, 'duplicate tag [Size] (first given on line 3)'],
      ['duplicate free tag', edit(BASE, [12.5, '[Red "Bob"]']), 13, 2, 'duplicate tag [Red] (first given on line 12)'],
      ['value without quotes', edit(BASE, [3, '[Size 8]']), 3, 7, 'the value of [Size] must be in double quotes, like [Size "..."]'],
      ['missing ]', edit(BASE, [3, '[Size "8"']), 3, 10, 'expected "]" to close the tag [Size]'],
      ['missing closing quote (truncated line)', edit(BASE, [11, '[Result "*']), 11, 11, 'the value of [Result] has no closing quote'],
      ['no tag name', edit(BASE, [3, '[ "8"]']), 3, 3, 'expected a tag name after "[", like [Size "8"]'],
      ['two tags on a line', edit(BASE, [3, '[Size "8"] [Variant "pro"]']), 3, 12, 'unexpected text after the tag (one tag per line; comments start with ";")'],
      ['misspelt tag', edit(BASE, [4, '[Colour "red yellow green blue"]']), 4, 2, 'unknown tag [Colour]; did you mean Colours?'],
      ['tag in the wrong case', edit(BASE, [3, '[size "8"]']), 3, 2, 'unknown tag [size]; did you mean Size?'],
      ['tag with an accent', edit(BASE, [6, '[Misère "off"]']), 6, 2, 'unknown tag [Misère]; did you mean Misere?'],
      ['free tag with a bad name', edit(BASE, [12, '[Spieler_für_Rot "Ann"]']), 12, 2, '"Spieler_für_Rot" is not a tag name (letters a-z, digits and _, starting with a letter)'],
      ['tag after the moves', edit(BASE, [21.5, '[Blue "Dev"]']), 22, 1, 'tags must come before the moves'],
      ['not a Rolit record', edit(BASE, [1, '[Game "Chess"]']), 1, 8, '[Game] must be "Rolit", not "Chess"'],
      ['bad date', edit(BASE, [2, '[Date "21/11/2026"]']), 2, 8, 'a date is written YYYY.MM.DD, with ? for unknown digits, not "21/11/2026"'],
      ['size 7', edit(BASE, [3, '[Size "7"]']), 3, 8, 'board size must be 8, 6 or 4, not "7"'],
      ['size not a number', edit(BASE, [3, '[Size "eight"]']), 3, 8, 'board size must be 8, 6 or 4, not "eight"'],
      ['colour purple', edit(BASE, [4, '[Colours "red purple"]']), 4, 15, '"purple" is not a colour (red, yellow, green, blue)'],
      ['colour twice', edit(BASE, [4, '[Colours "red green red"]']), 4, 21, 'red is listed twice'],
      ['no colours', edit(BASE, [4, '[Colours ""]']), 4, 11, '[Colours] lists no colour (red, yellow, green, blue)'],
      ['seed -1', edit(BASE, [9, '[Seed "-1"]']), 9, 8, 'the seed must be a whole number from 0 to 4294967295, not "-1"'],
      ['seed too large', edit(BASE, [9, '[Seed "4294967296"]']), 9, 8, 'the seed must be a whole number from 0 to 4294967295, not "4294967296"'],
      ['unknown variant', edit(BASE, [5, '[Variant "expert"]']), 5, 11, '[Variant] must be "standard", "pro" or "team", not "expert"'],
      ['misere yes', edit(BASE, [6, '[Misere "yes"]']), 6, 10, '[Misere] must be "off" or "on", not "yes"'],
      ['negative time limit', edit(BASE, [7, '[TimeLimit "-5"]']), 7, 13, '[TimeLimit] is the seconds per move (0 for none), not "-5"'],
      ['take-backs maybe', edit(BASE, [8, '[TakeBacks "maybe"]']), 8, 13, '[TakeBacks] must be "on" or "off", not "maybe"'],
      ['first is two colours', edit(BASE, [10, '[First "red blue"]']), 10, 9, '[First] names the one colour that moved first, not "red blue"'],
      ['first not in play', edit(BASE, [4, '[Colours "red green"]'], [10, '[First "blue"]']), 10, 9, 'blue is not in play (colours: red green)'],
      ['4x4 with four colours', edit(BASE, [3, '[Size "4"]']), 4, 11, 'the 4x4 board is for one or two players'],
      ['team with three colours', edit(BASE, [4, '[Colours "red yellow green"]'], [5, '[Variant "team"]']), 4, 11, 'the team variant plays all four colours'],
      [
        'players that cannot be seated',
        edit(BASE, [4.5, '[Players "red+yellow green+blue"]']),
        5,
        11,
        'players "red+yellow green+blue" cannot be seated (2 players need 2 colours, not 4): write one seat per colour, all colours in one seat (solo) or, in the team variant, red+green yellow+blue',
      ],
      [
        'team players seated wrongly',
        edit(BASE, [4.5, '[Players "red+yellow green+blue"]'], [5, '[Variant "team"]']),
        5,
        11,
        'players "red+yellow green+blue" cannot be seated (the rules seat them "red+green yellow+blue"): write one seat per colour, all colours in one seat (solo) or, in the team variant, red+green yellow+blue',
      ],
      ['players leave a colour out', edit(BASE, [4.5, '[Players "red+yellow+green"]']), 5, 11, '[Players] must seat every colour in play; blue has no seat'],
      ['player colour twice', edit(BASE, [4.5, '[Players "red+green red"]']), 5, 21, 'red is in more than one seat'],
      ['throws without a seed', edit(BASE, [9, '[Throws "green"]']), 9, 2, '[Throws] needs the [Seed] tag: the throws are replayed from the seed'],
      ['throws that the seed does not throw', edit(BASE, [9.5, '[Throws "blue"]']), 10, 10, 'seed 5 throws "green", not "blue"'],
      ['first that the throw did not decide', edit(BASE, [9.5, '[Throws "green"]']), 11, 9, 'the throw decided that green moves first, not red'],
      ['result not a number', edit(BASE, [11, '[Result "red twenty"]']), 11, 14, '"twenty" is not a number of balls'],
      ['result without scores', edit(BASE, [11, '[Result "red"]']), 11, 10, '[Result] lists the balls of each colour, like "red 20, yellow 15", or is "*" while the round is unfinished'],
      ['result colour twice', edit(BASE, [11, '[Result "red 3, yellow 2, red 4, blue 3"]']), 11, 27, 'red is listed twice'],
      ['result colour not in play', edit(FINISHED, [5, '[Result "red 5, blue 11"]']), 5, 17, 'blue is not in play (colours: red green)'],
      ['result missing a colour', edit(FINISHED, [5, '[Result "red 5"]']), 5, 10, '[Result] gives no balls for green'],
    ];
    for (const [name, text, line, column, reason] of cases) it(name, () => expectError(text, line, column, reason));
  });

  describe('moves', () => {
    const cases: [string, string, number, number, string][] = [
      ['number out of sequence', edit(BASE, [16, '5. green e3']), 16, 1, 'move number 5 is out of sequence: expected 3'],
      ['number repeated', edit(BASE, [16, '2. green e3']), 16, 1, 'move number 2 is out of sequence: expected 3'],
      ['wrong colour', edit(BASE, [16, '3. yellow e3']), 16, 4, 'move 3 is by yellow, but green is to move'],
      ['not a colour', edit(BASE, [18, '5. purple f4']), 18, 4, '"purple" is not a colour (red, yellow, green, blue)'],
      ['occupied', edit(BASE, [18, '5. red e3']), 18, 8, 'e3 is occupied'],
      ['touches no ball', edit(BASE, [18, '5. red a1']), 18, 8, 'a1 touches no ball'],
      ['must capture', edit(BASE, [18, '5. red c7']), 18, 8, 'you must capture: f2, f4, b6 and f6 capture'],
      ['not a square', edit(BASE, [18, '5. red e9']), 18, 8, 'e9 is not a square of the 8x8 board'],
      ['second square of a double not a square', edit(BASE, [18, '5.  red  f4+e9']), 18, 13, 'e9 is not a square of the 8x8 board'],
      ['square of the 8x8 board on 6x6', edit(BASE, [3, '[Size "6"]'], [14, '1. red g4']), 14, 8, 'g4 is not a square of the 6x6 board'],
      ['half a double', edit(BASE, [18, '5. red f4+']), 18, 8, '"f4+" is not a move (write a square like f4, or e3+e6 for a Pro double)'],
      ['double outside the Pro variant', edit(BASE, [18, '5. red f4+f6']), 18, 8, 'you must capture: f2, f4, b6 and f6 capture'],
      ['text after the move', edit(BASE, [18, '5. red f4 x']), 18, 11, 'unexpected "x" after the move (only {time} may follow a move; comments start with ";")'],
      ['two moves on a line', edit(BASE, [18, '5. red f4 {time} 6. yellow f3']), 18, 18, 'unexpected "6." after the move (one move per line)'],
      ['number without a dot', edit(BASE, [18, '5 red f4']), 18, 1, 'a move starts with its number and a dot, like "5. red f4"'],
      ['no space after the number', edit(BASE, [18, '5.red f4']), 18, 3, 'expected a space after the move number'],
      ['truncated after the number', edit(BASE, [18, '5.']), 18, 3, 'move 5 has no colour and square (like "5. red f4")'],
      ['truncated after the colour', edit(BASE, [18, '5. red   ; forgot']), 18, 7, 'move 5 has no square after the colour'],
      ['{time} without a time limit', edit(BASE, [18, '5. red f4 {time}']), 18, 11, 'move 5 is marked {time}, but the round has no time limit'],
      ['{time} on a move the clock would not play', edit(BASE, [7, '[TimeLimit "60"]'], [18, '5. red f2 {time}']), 18, 8, 'on time-out the engine plays f4 for red (the move that rolls the most), not f2'],
      ['moves after the end of the round', edit(FINISHED, [18.5, '13. red a1']), 19, 1, 'move 13 comes after the end of the round (the board is full after move 12)'],
      ['result disagrees', edit(FINISHED, [5, '[Result "red 6, green 10"]']), 5, 10, '[Result] says "red 6, green 10", but the moves give "red 5, green 11"'],
      ['result "*" for a finished round', edit(FINISHED, [5, '[Result "*"]']), 5, 10, 'the round is over after move 12: [Result] should be "red 5, green 11", not "*"'],
      ['result for an unfinished round', edit(BASE, [11, '[Result "red 3, yellow 2, green 4, blue 3"]']), 11, 10, 'the moves end after move 8 with the round unfinished (red to move): [Result] should be "*"'],
      ['truncated record: moves missing', edit(FINISHED, [18, null], [17, null]), 5, 10, 'the moves end after move 10 with the round unfinished (red to move): [Result] should be "*"'],
    ];
    for (const [name, text, line, column, reason] of cases) it(name, () => expectError(text, line, column, reason));
  });

  describe('line endings and byte order mark', () => {
    const crlf = (text: string) => '\uFEFF' + text.replace(/\n/g, '\r\n');

    it('a CRLF record with a BOM reads like the plain one', () => {
      expect(JSON.stringify(parseRecord(crlf(edit(BASE))).events)).toBe(JSON.stringify(parseRecord(edit(BASE)).events));
      expect(JSON.stringify(parseRecord(edit(BASE).replace(/\n/g, '\r')).events)).toBe(JSON.stringify(parseRecord(edit(BASE)).events));
    });

    it('columns do not count the BOM or the carriage return', () => {
      expectError(crlf(edit(BASE, [1, '[Game "Chess"]'])), 1, 8, '[Game] must be "Rolit", not "Chess"');
      expectError(crlf(edit(BASE, [18, '5. red'])), 18, 7, 'move 5 has no square after the colour');
      expectError(crlf(edit(BASE, [3, '[Size "8"'])), 3, 10, 'expected "]" to close the tag [Size]');
    });
  });
});

describe('damaged records', () => {
  it('every random damage to valid records is read or refused with a RecordError inside the text', () => {
    const random = new Random(2026);
    const pieces = ['[', ']', '"', ';', '+', '.', ' ', '\n', '\r\n', '{time}', 'e9', '7', 'red', '\\', '\uFEFF', 'é'];
    let refused = 0;
    let read = 0;
    for (const { text } of sampleRecords()) {
      for (let n = 0; n < 300; n++) {
        let damaged = text;
        for (let k = 1 + random.below(3); k > 0; k--) {
          const at = random.below(damaged.length);
          const kind = random.below(3);
          if (kind === 0) damaged = damaged.slice(0, at) + damaged.slice(at + 1 + random.below(4));
          else if (kind === 1) damaged = damaged.slice(0, at) + pieces[random.below(pieces.length)] + damaged.slice(at);
          else damaged = damaged.slice(0, at); // truncated file
        }
        try {
          parseRecord(damaged);
          read++;
        } catch (e) {
          expect(e).toBeInstanceOf(RecordError);
          const { line, column } = e as RecordError;
          const lines = damaged.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
          expect(line).toBeGreaterThanOrEqual(1);
          expect(line).toBeLessThanOrEqual(lines.length + 1);
          expect(column).toBeGreaterThanOrEqual(1);
          expect(column).toBeLessThanOrEqual((lines[line - 1] ?? '').length + 2);
          refused++;
        }
      }
    }
    // Most damage is caught; some (inside comments, in a name tag) is harmless.
    expect(refused).toBeGreaterThan(900);
    expect(read).toBeGreaterThan(50);
  });
});

describe('bad input found by fuzzing', () => {
  it('columns count characters, not UTF-16 units: an emoji is one column', () => {
    // `[Red "😀😀"] ` is 11 characters (13 UTF-16 units), so the stray x is in column 12.
    expectError(edit(BASE, [12, '[Red "😀😀"] x']), 12, 12, 'unexpected text after the tag (one tag per line; comments start with ";")');
    expectError(edit(BASE, [14, '1. 😀 d6']), 14, 4, '"😀" is not a colour (red, yellow, green, blue)');
    expectError(edit(BASE, [14, '1. red d6 😀 {time}']), 14, 11, 'unexpected "😀" after the move (only {time} may follow a move; comments start with ";")');
  });

  it('a 10 MB tag name is read at once (no "did you mean" measured), and a bad one quoted short', () => {
    const name = 'A'.repeat(10_000_000);
    const started = performance.now();
    expect(readRecord(edit(BASE, [12, `[${name} "x"]`])).tags[name]).toBe('x');
    expect(performance.now() - started).toBeLessThan(3000);
    expect(errorOf(edit(BASE, [12, `[${'Ä'.repeat(10_000_000)} "x"]`])).reason).toBe(
      `"${'Ä'.repeat(40)}..." is not a tag name (letters a-z, digits and _, starting with a letter)`,
    );
  });

  it('a name close to a round tag still gets "did you mean"', () => {
    expectError(edit(BASE, [12, '[Misère "on"]']), 12, 2, 'unknown tag [Misère]; did you mean Misere?');
  });

  it('a 401-digit move number is named by an excerpt of its digits, not "Infinity"', () => {
    const digits = '9'.repeat(401);
    expectError(edit(BASE, [14, `${digits}. red d6`]), 14, 1, `move number "${'9'.repeat(40)}..." is out of sequence: expected 1`);
  });

  it('reasons escape control characters and quote at most 40 characters of a long value', () => {
    expectError(edit(BASE, [14, '1. red\u0007\u001b[2J d6']), 14, 4, '"red\\u0007\\u001b[2J" is not a colour (red, yellow, green, blue)');
    const long = 'x'.repeat(900_000);
    const e = errorOf(edit(BASE, [5, `[Variant "${long}"]`]));
    expect(e.reason).toBe(`[Variant] must be "standard", "pro" or "team", not "${'x'.repeat(40)}..."`);
    expect(errorOf(edit(BASE, [14, `1. ${long} d6`])).reason).toBe(`"${'x'.repeat(40)}..." is not a colour (red, yellow, green, blue)`);
  });

  it('one-colour rounds and a solo of other colours than red and green are refused', () => {
    expectError(edit(BASE, [4, '[Colours "red"]']), 4, 11, 'one colour makes no round (red): solo is red and green, played by one person');
    const soloYellowBlue = ['[Game "Rolit"]', '[Size "8"]', '[Colours "yellow blue"]', '[Players "yellow+blue"]', '[First "yellow"]', '[Result "*"]'];
    expectError(
      edit(soloYellowBlue),
      4,
      11,
      'players "yellow+blue" cannot be seated (solo is red and green, played by one person, not yellow and blue): write one seat per colour, all colours in one seat (solo) or, in the team variant, red+green yellow+blue',
    );
  });
});

describe('record reasons in the app', () => {
  it('empty [Players] and [Throws] values', () => {
    expectError(edit(BASE, [4.5, '[Players ""]']), 5, 11, '[Players] lists the seats, each its colours joined by "+", like "red+green"');
    expectError(edit(BASE, [9.5, '[Throws ""]']), 10, 10, '[Throws] lists the colours thrown, like "blue red"');
  });

  // A terminal obeys escape sequences: `replay` would have printed this name as a cleared screen.
  it('control characters in tag values are refused where they stand, in round and informational tags', () => {
    expectError(edit(BASE, [12, '[Red "Ann\u001b[2J"]']), 12, 10, 'the value of [Red] holds the control character \\u001b: tag values are printable text');
    expectError(edit(BASE, [12, '[Red "\\"A\\\\\tnn"]']), 12, 12, 'the value of [Red] holds the control character \\t: tag values are printable text');
    expectError(edit(BASE, [12, '[Red "Ann\u202e"]']), 12, 10, 'the value of [Red] holds the control character \\u202e: tag values are printable text');
    expectError(edit(BASE, [3, '[Size "8\u0007"]']), 3, 9, 'the value of [Size] holds the control character \\u0007: tag values are printable text');
    // After a character that is two UTF-16 units, the column still counts characters.
    expectError(edit(BASE, [12, '[Red "\u{1F600}\u0000"]']), 12, 8, 'the value of [Red] holds the control character \\u0000: tag values are printable text');
  });

  it('every code of the language files was met above and worded in each language (none unused, none untested)', () => {
    const codes = Object.keys(RESOURCES.en.engine.record as object).map((k) => k.replace(/_(one|other)$/, '')).filter((k) => k !== 'at');
    expect([...new Set(codes)].filter((c) => !codesMet.has(c)).sort()).toEqual([]);
  });
});
