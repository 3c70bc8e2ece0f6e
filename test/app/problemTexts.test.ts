/**
 * The app's own problems (share links, the history file, the saved game, stored versions, take-over
 * refusals) in every language: each code met by a real case, its English wording word for word the
 * message the code throws, every other language its own words with no key or variable left over.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { GAME_KEY, readSave, SAVE_FORMAT } from '../../src/app/persistence/currentGame';
import { HISTORY_VERSIONS, historyFile, type HistoryEntry, readHistoryFile } from '../../src/app/persistence/history';
import { migrate, type VersionedFormat } from '../../src/app/persistence/migrations';
import { CodedProblem } from '../../src/i18n/codedProblem';
import { createSession } from '../../src/app/session/session';
import { MAX_LINK_DATA, recordFragment, recordFromFragment } from '../../src/app/replay/shareLink';
import { spectatorTexts } from '../../src/app/session/spectator';
import { Game, Random, readRecord, resultBalls, resultText, toRecord } from '../../src/engine/index';
import { errorText } from '../../src/i18n/engineReasons';
import { LANGUAGES, setLanguage } from '../../src/i18n/index';
import { RESOURCES } from '../support/allTexts';

const LEVELS = ['beginner', 'greedy', 'master'];
const OTHERS = Object.keys(LANGUAGES).filter((l) => l !== 'en') as (keyof typeof LANGUAGES)[];
const nobody: ComputerPlayer = { think: () => ({ result: new Promise(() => undefined), moveNow: () => undefined, cancel: () => undefined }) };

afterAll(() => setLanguage('en'));

/** "replay:link.version" and the like, for every problem worded in a case. */
const keysMet = new Set<string>();

async function problemOf(run: () => unknown): Promise<CodedProblem> {
  try {
    await run();
  } catch (e) {
    if (e instanceof CodedProblem) return e;
    throw e;
  }
  throw new Error('nothing was refused');
}

/** Words `e` in each language: English is the thrown message; the others differ from it and leave nothing unworded. */
function expectWorded(e: CodedProblem): void {
  for (let p: unknown = e; p instanceof CodedProblem; p = p.cause) {
    const context = (p.params as { context?: string }).context;
    keysMet.add(`${p.texts}.${p.code}${context ? `_${context}` : ''}`);
  }
  setLanguage('en');
  expect(errorText(e)).toBe(e.message);
  for (const language of OTHERS) {
    setLanguage(language);
    const text = errorText(e);
    expect(text, language).not.toBe(e.message);
    expect(text, language).not.toMatch(/⟦|\{\{/);
  }
  setLanguage('en');
}

async function expectProblem(run: () => unknown, code: string, english: string | RegExp): Promise<CodedProblem> {
  const e = await problemOf(run);
  expect(e.code).toBe(code);
  expect(e.message).toMatch(english);
  expectWorded(e);
  return e;
}

function finishedRecord(seed: number): string {
  const game = new Game({ size: 4, players: 2, seed });
  const random = new Random(seed);
  while (!game.state.over) game.play(game.legalMoves()[random.nextUint32() % game.legalMoves().length]);
  return toRecord(game, { Date: '2026.11.22' });
}

function entry(record: string): HistoryEntry {
  const { game } = readRecord(record);
  const players = game.setup.players.map((colours, i) => ({ name: `Player ${i + 1}`, level: 'human', colours: [...colours] }));
  return { finishedAt: '2026-11-22T10:00:00.000Z', players, size: 4, variant: 'standard', misere: false, result: resultText(game.state), balls: resultBalls(game.state), record };
}

describe('share-link problems', () => {
  const good = () => recordFragment(finishedRecord(3));
  it.each([
    ['noVersion', async () => (await good()).replace('record=1.', 'record='), 'the link has no format version (expected "record=1.")'],
    ['version', async () => (await good()).replace('record=1.', 'record=7.'), 'the link is of format version "7", this page reads version 1'],
    ['tooLong', async () => `record=1.${'A'.repeat(MAX_LINK_DATA + 1)}`, `the link's data is ${MAX_LINK_DATA + 1} characters long, more than the ${MAX_LINK_DATA} a record needs`],
    ['character', async () => 'record=1.AB%D', 'the link\'s data has "%" at character 3, which base64url does not use'],
    ['notWhole', async () => 'record=1.AAAAA', "the link's data is cut off (not whole base64url)"],
    ['notDecompressing', async () => 'record=1.AAAA', "the link's data is cut off or altered (it does not decompress)"],
    ['recordBytes', () => recordFragment('x'.repeat(2_000_000)), 'the record in the link is longer than 400000 bytes'],
    ['recordTooLong', () => recordFragment('x'.repeat(150_000)), 'the record in the link is 150000 characters long, more than 100000'],
  ])('%s', async (code, link, english) => {
    const fragment = await link();
    await expectProblem(() => recordFromFragment(fragment), code, english);
  });
});

describe('history file problems', () => {
  const file = (rounds: unknown[]) => JSON.stringify({ format: 'rolit-history', version: 1, rounds });
  const round = (change: (e: HistoryEntry) => unknown) => file([entry(finishedRecord(5)), change(entry(finishedRecord(6)))]);
  it.each([
    ['fileTooLong', () => ' '.repeat(20_000_001), 'the file is 20000001 characters long, more than 20000000'],
    ['notHistoryFile', () => '{"format":"notes"}', 'not a Rolit history file (expected "format": "rolit-history")'],
    ['noRounds', () => '{"format":"rolit-history","version":1}', 'no list of rounds'],
    ['round', () => round(() => 7), 'round 2: not a round'],
    ['round', () => round(({ record: _, ...rest }) => rest), 'round 2: no record'],
    ['round', () => round((e) => ({ ...e, record: e.record.replace(/\n2\. (\w+) (\w\d)/, '\n2. $1 z9') })), /^round 2: its record, line \d+, column \d+: /],
    ['round', () => round((e) => ({ ...e, record: e.record.replace(/\n\d+\. .*\n\n/, '\n\n').replace(/\[Result "[^"]*"\]/, '[Result "*"]') })), 'round 2: its record is of an unfinished round'],
    ['round', () => round((e) => ({ ...e, finishedAt: 'yesterday' })), 'round 2: no valid date'],
    ['round', () => round((e) => ({ ...e, players: e.players.slice(1) })), 'round 2: the players do not match its record'],
    ['round', () => round((e) => ({ ...e, players: [{ ...e.players[0], name: 'x'.repeat(41) }, ...e.players.slice(1)] })), 'round 2: player 1: the name must be text of at most 40 characters'],
    ['round', () => round((e) => ({ ...e, players: [{ ...e.players[0], level: 'hud:level.master' }, ...e.players.slice(1)] })), 'round 2: player 1: the level must be “human” or the name of a computer level'],
    ['round', () => round((e) => ({ ...e, players: [e.players[0], { ...e.players[1], colours: ['red'] }] })), 'round 2: player 2: the colours are not those of the seat in its record'],
    ['notJson', () => '{"format":', /^not readable data \(/],
    ['newer', () => JSON.stringify({ format: 'rolit-history', version: 2, rounds: [] }), 'history format version 2, this page reads version 1 and older (a newer Rolit wrote it)'],
    ['notNumber', () => JSON.stringify({ format: 'rolit-history', rounds: [] }), 'history format version null: not a version number, this page reads version 1'],
    ['older', () => JSON.stringify({ format: 'rolit-history', version: 0, rounds: [] }), 'history format version 0, this page reads version 1'],
  ])('%s: %s', async (code, text, english) => {
    const content = text();
    await expectProblem(() => readHistoryFile(content), code, english);
  });

  it('a good file is read (the cases above spoil one round of it)', () => {
    expect(readHistoryFile(historyFile([entry(finishedRecord(5))]))).toHaveLength(1);
  });
});

describe.each([
  ['saved in format', SAVE_FORMAT],
  ['history format', HISTORY_VERSIONS],
])('versions of a stored format (%s)', (label, single) => {
  const several: VersionedFormat = { ...single, first: 1, migrations: [() => { throw new Error('no name'); }, (d) => d] };
  it.each([
    ['notNumber', single, { version: 'x' }, `${label} version "x": not a version number, this page reads version 1`],
    ['older', single, { version: 0 }, `${label} version 0, this page reads version 1`],
    ['newer', single, { version: 2 }, `${label} version 2, this page reads version 1 and older (a newer Rolit wrote it)`],
    ['notNumber', several, { version: 'x' }, `${label} version "x": not a version number, this page reads versions 1 to 3`],
    ['older', several, { version: 0 }, `${label} version 0, this page reads versions 1 to 3`],
    ['newer', several, { version: 9 }, `${label} version 9, this page reads version 3 and older (a newer Rolit wrote it)`],
  ])('%s', async (code, format, data, english) => {
    await expectProblem(() => migrate(data, format), code, english);
  });

  it('stepFailed keeps the step\'s own reason', async () => {
    const e = await expectProblem(() => migrate({ version: 1 }, several), 'stepFailed', `${label} version 1 could not be updated to version 2: no name`);
    expect(errorText(e.cause)).toBe('no name');
  });
});

describe('saved-game problems', () => {
  function storage() {
    const map = new Map<string, string>();
    return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
  }
  /** A real save two moves in, as its parsed object. */
  function goodSave(): Record<string, unknown> {
    const kept = storage();
    const session = createSession({ computer: nobody, levels: LEVELS, defaultLevel: 'master', storage: kept, keepGame: true }, { search: '?seats=human,ai:greedy&seed=9' });
    session.getState().clickSquare(session.getState().snapshot.legalMoves[0]);
    session.getState().dispose();
    return JSON.parse(kept.map.get(GAME_KEY)!);
  }
  const spoilt = (change: (s: Record<string, unknown>) => unknown) => JSON.stringify(change(goodSave()));

  it.each([
    ['notSave', () => '[1]', 'not a saved game'],
    ['players', () => spoilt((s) => ({ ...s, players: 3 })), 'the players are not valid'],
    ['seed', () => spoilt((s) => ({ ...s, seed: -1 })), 'the match seed is not valid'],
    ['round', () => spoilt((s) => ({ ...s, round: 1.5 })), 'the round number is not valid'],
    ['results', () => spoilt((s) => ({ ...s, round: 1 })), 'the results of the earlier rounds are not valid (each score must be a whole number of balls from 0 to 64)'],
    ['noRecord', () => spoilt(({ record: _, ...s }) => s), 'the round record is missing'],
    ['record', () => spoilt((s) => ({ ...s, record: (s.record as string).replace(/\n1\. (\w+) (\w\d)/, '\n1. $1 z9') })), /^the round record, line \d+, column \d+: /],
    ['seats', () => spoilt((s) => ({ ...s, players: [...(s.players as unknown[]), { kind: 'human', name: 'Extra' }] })), 'the round has 2 seats for 3 players'],
    ['roundSeed', () => spoilt((s) => ({ ...s, seed: 10 })), /^the round's seed \d+ is not round 1 of match seed 10$/],
  ])('%s', async (code, text, english) => {
    const content = text();
    await expectProblem(() => readSave(content, LEVELS), code, english);
  });

  it('readerVersion: a save format whose steps do not end at the version the reader reads', async () => {
    const save = JSON.stringify(goodSave());
    await expectProblem(() => readSave(save, LEVELS, { ...SAVE_FORMAT, migrations: [(d) => d] }), 'readerVersion', 'this page reads saves of version 1, not 2');
  });
});

describe('every problem text of the language files is met by a case above', () => {
  it.each(['link', 'stored', 'historyFile', 'historyFormat', 'savedFormat', 'savedGame'])('replay:%s', (object) => {
    const keys = Object.keys(RESOURCES.en.replay[object] as object).map((k) => `replay:${object}.${k}`);
    expect(keys.filter((k) => !keysMet.has(k))).toEqual([]);
  });
});

describe('take-over refusals', () => {
  it('name the seat (from 1) and a default player name in the language of the page', () => {
    const session = createSession({ computer: nobody, levels: LEVELS, defaultLevel: 'master' }, { search: '?seats=human,ai:greedy&seed=9' });
    session.getState().takeOver(5, true);
    expect(session.getState().message?.text).toBe('There is no seat 6.');
    session.getState().takeOver(0, false);
    const english = session.getState().message?.text;
    expect(english).toMatch(/^Seat 1 \(.+\) was never a computer: there is none to hand it back to\.$/);
    for (const language of OTHERS) {
      setLanguage(language);
      session.getState().takeOver(5, true);
      expect(session.getState().message?.text).toBe(spectatorTexts.noSeat(6));
      expect(spectatorTexts.noSeat(6)).not.toMatch(/There is|⟦/);
      session.getState().takeOver(0, false);
      expect(session.getState().message?.text).not.toBe(english);
      expect(session.getState().message?.text).not.toMatch(/⟦|\{\{|never a computer/);
    }
    setLanguage('en');
    session.getState().dispose();
  });
});
