/** Records name who played: each colour's player and a computer's level, read back per seat. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Game, gaveUpTags, playerTags, readRecord, recordedGaveUp, recordedPlayers, roundOutcome, toRecord } from '../../src/engine/index';
import { openReplay } from '../../src/app/replay/replay';

const unnamed = (colours: readonly string[]) => colours.join('+');

describe('players in records', () => {
  it('writes a name per colour and a level per computer colour, and reads them back per seat', () => {
    const game = new Game({ players: 4, seed: 7 });
    const seats = [
      { kind: 'human' as const, name: 'Ann', colours: ['red' as const] },
      { kind: 'computer' as const, level: 'master', name: 'Master 2', colours: ['yellow' as const] },
      { kind: 'computer' as const, level: 'beginner', name: 'Zoë "the kid"', colours: ['green' as const] },
      { kind: 'human' as const, name: 'Dev', colours: ['blue' as const] },
    ];
    const record = toRecord(game, playerTags(seats));
    expect(record).toContain('[Yellow "Master 2"]\n[YellowLevel "master"]');
    expect(record).toContain('[Green "Zoë \\"the kid\\""]');
    const { game: read, tags } = readRecord(record);
    expect(recordedPlayers(tags, read.setup, unnamed)).toEqual(seats.map(({ colours: _, ...p }) => p));
  });

  it('a seat of two colours (solo) is one player; an unprintable character in a name is left out', () => {
    const game = new Game({ players: 1, seed: 3 });
    const tags = playerTags([{ kind: 'human', name: 'Al\u001b[2Jice', colours: game.setup.players[0] }]);
    expect(Object.values(tags)).toEqual(['Al[2Jice', 'Al[2Jice']);
    const { game: read, tags: back } = readRecord(toRecord(game, tags));
    expect(recordedPlayers(back, read.setup, unnamed)).toEqual([{ kind: 'human', name: 'Al[2Jice' }]);
  });

  it('older records without player tags stay readable and name nobody; a partly named record names the rest by colour', () => {
    const old = readRecord(toRecord(new Game({ players: 2, seed: 1 })));
    expect(recordedPlayers(old.tags, old.game.setup, unnamed)).toBeNull();
    const sample = readRecord(readFileSync('test/fixtures/records/four-players.rolit', 'utf8'));
    expect(recordedPlayers(sample.tags, sample.game.setup, unnamed)?.map((p) => p.name)).toEqual(['Ann', 'Bob', 'Cleo', 'Dev']);
    const partly = readRecord(toRecord(new Game({ players: 2, seed: 1 }), { Red: 'Ann', RedLevel: 'Not A Level' }));
    expect(recordedPlayers(partly.tags, partly.game.setup, unnamed)).toEqual([{ kind: 'human', name: 'Ann' }, { kind: 'human', name: partly.game.setup.players[1].join('+') }]);
  });
});

it('names the seats given up in an online round ([GaveUp "red"]) and reads them back, each seat by its first colour; a replay shows that outcome', async () => {
  const game = new Game({ size: 4, colours: ['red', 'green'], seed: 7 });
  while (!game.state.over) game.play(game.legalMoves()[0]);
  const seats = [{ kind: 'human' as const, name: 'Ann', colours: ['red' as const] }, { kind: 'computer' as const, level: 'beginner', name: 'computer (beginner)', colours: ['green' as const] }];
  const text = toRecord(game, { ...playerTags(seats), ...gaveUpTags(game.setup, [true, false]) });
  expect(text).toContain('[GaveUp "red"]');
  expect(text).toContain('[GreenLevel "beginner"]');
  const { tags } = readRecord(text);
  expect(recordedGaveUp(tags, game.setup)).toEqual([true, false]);
  expect(recordedPlayers(tags, game.setup, () => '')).toEqual([{ kind: 'human', name: 'Ann' }, { kind: 'computer', level: 'beginner', name: 'computer (beginner)' }]);
  // Nobody gave up: no tag, and all read back false.
  expect(gaveUpTags(game.setup, [false, false])).toEqual({});
  expect(recordedGaveUp({}, game.setup)).toEqual([false, false]);
  // The replay of it: the seat given up wins nothing, whatever its balls.
  const replay = openReplay(text);
  expect(replay.gaveUp).toEqual([true, false]);
  expect(roundOutcome(game.state.result!, false, replay.gaveUp).winners).toEqual([1]);
});
