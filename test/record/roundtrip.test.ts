import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BoardSize, Game, type GameOptions, parseRecord, Random, readRecord, RecordError, setupProblem, toRecord, type Variant } from '../../src/engine/index';
import { playRandom, sampleRecords } from './samples';

const json = (x: unknown) => JSON.stringify(x);

/** Export, import, export again: same events, same text. */
function roundTrip(game: Game, tags: Record<string, string> = {}): string {
  const text = toRecord(game, tags);
  const back = readRecord(text);
  expect(json(back.game.events)).toBe(json(game.events));
  expect(back.tags).toEqual(tags);
  expect(toRecord(back.game, back.tags)).toBe(text);
  return text;
}

interface Config {
  options: GameOptions;
  label: string;
}

/** Every board size, player count, variant and option the engine accepts, crossed. */
function configs(): Config[] {
  const out: Config[] = [];
  for (const size of [8, 6, 4] as BoardSize[]) {
    for (const players of [1, 2, 3, 4]) {
      for (const variant of ['standard', 'pro', 'team'] as Variant[]) {
        // Whatever the engine accepts; the count below says what the rules allow.
        if (setupProblem({ size, players, variant }) !== null) continue;
        for (const misere of [false, true]) {
          out.push({ options: { size, players, variant, misere }, label: `${size}x${size} ${players}p ${variant}${misere ? ' misere' : ''}` });
        }
      }
    }
  }
  return out;
}

describe('record round-trip', () => {
  const all = configs();

  it('covers every combination of size, players, variant and misere', () => {
    // 8x8 and 6x6: 4 player counts x 2 variants + team; 4x4 (one or two players): 2 x 2 + team; x2 misere.
    expect(all.length).toBe((2 * (4 * 2 + 1) + (2 * 2 + 1)) * 2);
  });

  for (const { options, label } of all) {
    it(`${label}: finished and unfinished games, with and without a throw`, () => {
      const random = new Random(label.length * 7919 + (options.misere ? 1 : 0));
      for (let i = 0; i < 6; i++) {
        const seed = random.nextUint32();
        const thrown = i % 2 === 0;
        const game = new Game({ ...options, seed, ...(thrown ? {} : { first: 'green' }) });
        const squares = options.size! * options.size! - 4;
        playRandom(game, random, { moves: i < 3 ? undefined : random.below(squares) });
        expect(game.state.throws.length > 0).toBe(thrown);
        const text = roundTrip(game, i === 0 ? { Date: '2026.11.21', Red: 'Ann "Red" O\\Hara' } : {});
        expect(text.includes('[Throws "')).toBe(thrown);
        expect(text.includes('[Result "*"]')).toBe(!game.state.over);
        expect(text.includes('[Players "')).toBe(options.players === 1 && game.setup.colours.length > 1);
      }
    });
  }

  it('keeps moves played on time-out ({time}), including Pro doubles, and the time limit', () => {
    let timed = 0;
    let doubles = 0;
    for (let seed = 0; seed < 40; seed++) {
      const variant: Variant = seed % 2 ? 'pro' : 'standard';
      const game = new Game({ variant, players: 2 + (seed % 3), moveTimeLimit: seed % 5 === 0 ? 7.5 : 60, seed });
      playRandom(game, new Random(seed), { timeouts: 0.3 });
      const text = roundTrip(game);
      timed += (text.match(/\{time\}/g) ?? []).length;
      doubles += (text.match(/^\d+\. \w+ \w+\+\w+/gm) ?? []).length;
      expect(text).toContain(`[TimeLimit "${seed % 5 === 0 ? '7.5' : '60'}"]`);
    }
    expect(timed).toBeGreaterThan(100);
    expect(doubles).toBeGreaterThan(0);
  });

  it('records the moves as they stand after take-backs', () => {
    for (let seed = 0; seed < 20; seed++) {
      const game = playRandom(new Game({ seed, players: 3 }), new Random(seed), { takeBacks: 0.2 });
      expect(game.events.some((e) => e.type === 'moveTakenBack')).toBe(true);
      const text = toRecord(game);
      const back = parseRecord(text);
      // Same round without the take-backs: same setup, throws, moves and result.
      const direct = new Game({ seed, players: 3 });
      for (const m of game.state.moves) direct.play(m.squares.join('+'));
      expect(json(back.events)).toBe(json(direct.events));
      expect(json(back.state)).toBe(json(game.state));
      expect(toRecord(back)).toBe(text);
    }
  });

  it('writes the order-of-play diagram and the board as comments, which import ignores', () => {
    const game = new Game({ first: 'red', seed: 1 });
    game.play('f4');
    game.play('e3');
    const text = toRecord(game);
    expect(text).toContain(
      [
        '; Order of play: the move that placed each ball (R Y G B: start balls, . empty).',
        ';      a  b  c  d  e  f  g  h',
        ';  1   .  .  .  .  .  .  .  .',
        ';  2   .  .  .  .  .  .  .  .',
        ';  3   .  .  .  .  2  .  .  .',
        ';  4   .  .  .  R  Y  1  .  .',
        ';  5   .  .  .  B  G  .  .  .',
      ].join('\n'),
    );
    expect(text).toContain(';    abcdefgh\n;  1 ........\n;  2 ........\n;  3 ....Y...\n;  4 ...RRR..\n;  5 ...BG...');
    expect(text).toContain('; Result: unfinished: green to move after move 2.');
    // Changing the comments changes nothing.
    const edited = text.replace(/^;.*$/gm, '; scribbles').replace('\n1. red f4', '\n1. red f4 ; the only sensible move');
    expect(json(parseRecord(edited).events)).toBe(json(game.events));
  });

  it('imports a hand-written record: no optional tags, CRLF, BOM, comments, any case, free spacing', () => {
    const text =
      '\uFEFF; A game from the club, copied from the score sheet\r\n' +
      '[Game "Rolit"]\r\n' +
      '[ Size  "6" ]   ; the junior board\r\n' +
      '[Colours "Green, Red"]\r\n' +
      '[First "red"]\r\n' +
      '[Result "*"]\r\n' +
      '\r\n' +
      '1.  RED   E3\r\n' +
      '   2. green b2\t; rolls c3\r\n';
    const game = parseRecord(text);
    expect(game.setup).toMatchObject({ size: 6, colours: ['red', 'green'], players: [['red'], ['green']], variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: true, seed: 0 });
    expect(game.state.throws).toEqual([]);
    expect(game.state.moves.map((m) => [m.colour, m.squares.join('+'), m.rolls.map((r) => r.square).join(' ')])).toEqual([
      ['red', 'e3', 'd3'],
      ['green', 'b2', 'c3'],
    ]);
    // Its export is the normal form, which round-trips.
    const normal = toRecord(game);
    expect(normal).toContain('[Seed "0"]');
    expect(normal).toContain('\n1. red e3\n2. green b2\n');
    expect(toRecord(parseRecord(normal))).toBe(normal);
  });

  it('accepts a Pro double in either order and writes it in board order', () => {
    const text = '[Game "Rolit"]\n[Size "8"]\n[Colours "red yellow green blue"]\n[Variant "pro"]\n[First "red"]\n[Result "*"]\n\n1. red f4\n2. yellow e6+e3\n';
    const game = parseRecord(text);
    expect(game.state.moves[1]).toEqual({
      colour: 'yellow',
      squares: ['e3', 'e6'],
      rolls: [
        { square: 'e4', from: 'red', to: 'yellow' },
        { square: 'e5', from: 'green', to: 'yellow' },
      ],
      timedOut: false,
    });
    expect(toRecord(game)).toContain('\n2. yellow e3+e6\n');
  });

  it('refuses extra tags that the game itself sets or that import would refuse', () => {
    const game = new Game({ seed: 1 });
    expect(() => toRecord(game, { Size: '6' })).toThrow('tag [Size]: [Size] comes from the game itself');
    expect(() => toRecord(game, { Date: '21.11.2026' })).toThrow('a date is written YYYY.MM.DD');
    expect(() => toRecord(game, { Colour: 'red' })).toThrow('unknown tag [Colour]; did you mean Colours?');
    expect(() => toRecord(game, { 'Player name': 'x' })).toThrow('is not a tag name');
    expect(() => toRecord(game, { Red: 'Ann\nBob' })).toThrow('tag [Red]: the value of [Red] holds the control character \\n: tag values are printable text');
    expect(() => toRecord(game, { Red: 'Ann\u001b[2J' })).toThrow('the value of [Red] holds the control character \\u001b');
  });

  it('fails with a RecordError whose message holds line and column', () => {
    const error = (() => {
      try {
        parseRecord('[Game "Rolit"]\n[Size "7"]\n');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RecordError);
    expect(error).toMatchObject({ line: 2, column: 8, reason: 'board size must be 8, 6 or 4, not "7"', message: 'line 2, column 8: board size must be 8, 6 or 4, not "7"' });
  });
});

describe('sample records (test/fixtures/records)', () => {
  const dir = join(import.meta.dirname, '../fixtures/records');
  for (const { file, text } of sampleRecords()) {
    it(`${file} is up to date and round-trips`, () => {
      const stored = readFileSync(join(dir, file), 'utf8');
      // If this fails after a deliberate format change: npx tsx test/record/write-samples.ts
      expect(stored).toBe(text);
      const { game, tags } = readRecord(stored);
      expect(toRecord(game, tags)).toBe(stored);
    });
  }

  it('the example in docs/record-format.md is the four-player sample, as the code writes it', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/record-format.md'), 'utf8');
    const example = /<!-- example: four-players\.rolit -->\n```text\n([\s\S]*?)```/.exec(doc);
    expect(example).not.toBeNull();
    expect(example![1]).toBe(readFileSync(join(dir, 'four-players.rolit'), 'utf8'));
  });
});
