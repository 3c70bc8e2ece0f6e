/**
 * The journal of rounds to keep (src/server/db/journal.ts), in-process: rounds written in the
 * order they came, each once, however often a write fails or its answer is lost; what waits
 * replayed at the next start, with the journals of processes that ended; a round the database
 * refuses set aside without holding up the others; failures logged by cause, once a cause and
 * interval; SQLite's full database named as such. The same with real processes, PostgreSQL, Redis
 * and a full disk: faults.test.ts and diskFull.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { causeOf, isPassingFailure } from '../../src/server/db/failures';
import { databaseWriter, RoundJournal, type RoundToKeep, type RoundWriter } from '../../src/server/db/journal';
import { readJournal } from '../../src/server/db/journalFile';
import { DatabaseRecords } from '../../src/server/db/recordTable';
import { GameStore } from '../../src/server/db/store';
import { FoldedLog } from '../../src/server/front/foldedLog';
import { playerIdOf } from '../../src/server/players/playerId';

const dirs: string[] = [];
const journals: RoundJournal[] = [];
afterEach(async () => {
  await Promise.all(journals.splice(0).map((j) => j.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function newDir(): Promise<string> {
  const dir = await mkdtemp(joinPath(tmpdir(), 'rolit-journal-'));
  dirs.push(dir);
  return dir;
}

const failure = (code: string, message = `${code}: failed`) => Object.assign(new Error(message), { code });
const ANN = playerIdOf('journal-test-key-of-ann');

/** A rated round of Ann against a beginner, finished at `at`. */
function ratedRound(id: string, at: string): RoundToKeep {
  return {
    id,
    at,
    record: `[Room "${id}"]`,
    game: {
      room: id.slice(0, 10), round: 1, size: 4, variant: 'classic', misere: false, rated: true,
      seats: [
        { colours: ['red'], player: ANN, name: 'Ann', kind: 'human', score: 10, forfeit: false, standInMoves: 0 },
        { colours: ['green'], player: 'computer:beginner', name: 'computer (beginner)', kind: 'computer', score: 6, forfeit: false, standInMoves: 0 },
      ],
    },
  };
}

const recordOnly = (id: string, at = '2026-01-01T00:00:00.000Z'): RoundToKeep => ({ id, at, record: `[Room "${id}"]`, game: null });

/** A journal in `dir` writing through `write`, tries 20 ms apart, its log lines kept in `lines`. */
async function openJournal(dir: string, write: RoundWriter, lines: string[] = [], answers = async () => true): Promise<RoundJournal> {
  const journal = await RoundJournal.open(dir, write, { retryMaxMs: 20, log: new FoldedLog((line) => lines.push(line)), answers });
  journals.push(journal);
  return journal;
}

async function until(test: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!test()) throw new Error(`timed out waiting for ${what}`);
}

describe('the journal of rounds to keep', () => {
  it('writes the rounds in the order they came, each once, trying again after passing failures, and logs each cause once an interval', async () => {
    const dir = await newDir();
    const written: string[] = [];
    let failures = 4;
    const lines: string[] = [];
    const journal = await openJournal(
      dir,
      async (round) => {
        if (failures > 0) throw failures-- % 2 === 0 ? failure('ENOSPC') : failure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
        written.push(round.id);
        return null;
      },
      lines,
    );
    const kept = ['A', 'B', 'C'].map((id) => journal.keep(recordOnly(`${id}-round1.rolit`)));
    await Promise.all(kept.map((k) => k.journaled));
    // On the disk before the database has any: one file, every round in it.
    expect((await readdir(dir)).filter((f) => f.endsWith('.journal'))).toEqual([`rounds-${process.pid}.journal`]);
    expect(readJournal(await readFile(journal.path, 'utf8')).rounds.map((r) => r.id)).toEqual(['A-round1.rolit', 'B-round1.rolit', 'C-round1.rolit']);
    await Promise.all(kept.map((k) => k.written));
    expect(written).toEqual(['A-round1.rolit', 'B-round1.rolit', 'C-round1.rolit']);
    // Four failures of two causes: each cause's first line written, the others counted (FoldedLog).
    expect(lines).toEqual([
      expect.stringMatching(/^rolit journal: the disk is full \(ENOSPC: failed\): 3 rounds wait for the database, trying again in 0.02 s$/),
      expect.stringMatching(/^rolit journal: the database refuses connections \(connect ECONNREFUSED 127\.0\.0\.1:5432\): 3 rounds wait/),
    ]);
    expect(journal.state()).toEqual({ waiting: 0, setAside: 0, failing: null });
    // Nothing waits: the file is emptied.
    await journal.close();
    journals.pop();
    expect(await readFile(joinPath(dir, `rounds-${process.pid}.journal`), 'utf8')).toBe('');
  });

  it('says why rounds wait while they do (the backlog, the cause), and goes at once when woken', async () => {
    const dir = await newDir();
    let down = true;
    const journal = await RoundJournal.open(dir, async () => {
      if (down) throw failure('57P01', 'terminating connection due to administrator command');
      return null;
    }, { retryMaxMs: 60_000, log: new FoldedLog(() => {}), answers: async () => !down });
    journals.push(journal);
    const kept = [journal.keep(recordOnly('A-round1.rolit')), journal.keep(recordOnly('B-round1.rolit'))];
    await until(() => journal.state().failing !== null, 'the first failure');
    expect(journal.state()).toEqual({ waiting: 2, setAside: 0, failing: 'the database server is shutting down or starting (terminating connection due to administrator command [57P01])' });
    down = false;
    // Its next try would be a minute away: woken (the database answers again), it writes now.
    journal.wake();
    await Promise.all(kept.map((k) => k.written));
    expect(journal.state()).toEqual({ waiting: 0, setAside: 0, failing: null });
  });

  it('writes a game once when the answer to its write is lost and the write is tried again (idempotent by the round’s id)', async () => {
    const dir = await newDir();
    const store = GameStore.of(await openDatabase(dir));
    try {
      const write = databaseWriter(store, new DatabaseRecords(store.db));
      let lost = 1;
      const journal = await openJournal(dir, async (round) => {
        const ratings = await write(round);
        // Written, but the answer never came back: the journal cannot tell, and tries again.
        if (lost-- > 0) throw failure('ECONNRESET', 'read ECONNRESET');
        return ratings;
      });
      const first = journal.keep(ratedRound('ROOMAAAAAA-round1.rolit', '2026-01-01T10:00:00.000Z'));
      // Kept already: the second try writes nothing and rates nobody again.
      expect(await first.written).toBeNull();
      const second = await journal.keep(ratedRound('ROOMBBBBBB-round1.rolit', '2026-01-01T10:01:00.000Z')).written;
      expect(second?.map((r) => r.player)).toEqual([ANN, 'computer:beginner']);
      expect(await store.player(ANN)).toMatchObject({ games: 2, ratedGames: 2 });
      const { count } = await store.db.selectFrom('game_seats').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
      expect(Number(count)).toBe(4);
    } finally {
      await Promise.all(journals.splice(0).map((j) => j.close()));
      await store.close();
    }
  });

  it('replays at the next start what waited, with the journal of a process that ended, in the order the rounds finished; skips a line cut short; leaves a running process’s journal alone', async () => {
    const dir = await newDir();
    const journal = await openJournal(dir, async () => Promise.reject(failure('ECONNREFUSED')));
    const kept = [journal.keep(ratedRound('MINE000001-round1.rolit', '2026-01-01T10:00:00.000Z')), journal.keep(recordOnly('MINE000002-round1-unfinished.rolit', '2026-01-01T10:02:00.000Z'))];
    await Promise.all(kept.map((k) => k.journaled));
    await until(() => journal.state().failing !== null, 'the database failing');
    await journal.close();
    journals.pop();
    await expect(kept[0].written).rejects.toThrow(/stopped before the database had the round/);
    // A process that ended (its number runs nothing now) left a round finished between these two, and a line cut short.
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    const theirs = ratedRound('DEAD000001-round1.rolit', '2026-01-01T10:01:00.000Z');
    await writeFile(joinPath(dir, `rounds-${ended}.journal`), `${JSON.stringify({ seq: 1, ...theirs })}\n{"seq":2,"id":"DEAD0000`);
    // A running process's journal (process 1 always runs) is its own.
    await writeFile(joinPath(dir, 'rounds-1.journal'), `${JSON.stringify({ seq: 1, ...recordOnly('LIVE000001-round1.rolit') })}\n`);
    const written: string[] = [];
    const again = await openJournal(dir, async (round) => {
      written.push(round.id);
      return null;
    });
    await until(() => written.length === 3, 'the three rounds written');
    expect(written).toEqual(['MINE000001-round1.rolit', 'DEAD000001-round1.rolit', 'MINE000002-round1-unfinished.rolit']);
    expect((await readdir(dir)).filter((f) => f.endsWith('.journal')).sort()).toEqual(['rounds-1.journal', `rounds-${process.pid}.journal`].sort());
    expect(again.state().waiting).toBe(0);
  });

  it('sets aside a round the database refuses while it answers, so the rounds after it go on; the round stays in the file for the next start', async () => {
    const dir = await newDir();
    const written: string[] = [];
    const lines: string[] = [];
    const journal = await openJournal(
      dir,
      async (round) => {
        if (round.id.startsWith('BAD')) throw failure('23503', 'insert or update on table "game_seats" violates foreign key constraint');
        written.push(round.id);
        return null;
      },
      lines,
    );
    const bad = journal.keep(recordOnly('BAD0000001-round1.rolit'));
    const good = journal.keep(recordOnly('GOOD000001-round1.rolit'));
    await expect(bad.written).rejects.toThrow(/foreign key/);
    await good.written;
    expect(written).toEqual(['GOOD000001-round1.rolit']);
    expect(journal.state()).toEqual({ waiting: 0, setAside: 1, failing: null });
    expect(lines.at(-1)).toMatch(/^rolit journal: the database refuses round BAD0000001-round1\.rolit: .*foreign key.*; it is set aside/);
    await journal.close();
    journals.pop();
    expect(readJournal(await readFile(joinPath(dir, `rounds-${process.pid}.journal`), 'utf8')).rounds.map((r) => r.id)).toEqual(['BAD0000001-round1.rolit']);
  });

  it('waits out, rather than sets aside, a failure of no passing kind while the database does not answer', async () => {
    const dir = await newDir();
    let answers = false;
    let tries = 0;
    const journal = await openJournal(
      dir,
      async () => {
        tries++;
        if (!answers) throw new Error('Client has been closed');
        return null;
      },
      [],
      async () => answers,
    );
    const kept = journal.keep(recordOnly('A-round1.rolit'));
    await until(() => tries >= 5, 'five tries');
    expect(journal.state()).toMatchObject({ waiting: 1, setAside: 0 });
    answers = true;
    await kept.written;
    expect(journal.state()).toEqual({ waiting: 0, setAside: 0, failing: null });
  });

  it('names a full SQLite database as such, not the failed rollback after it, and writes the round once there is room', async () => {
    const dir = await newDir();
    const store = GameStore.of(await openDatabase(dir));
    try {
      // The database may grow no further: SQLite fails with SQLITE_FULL ("database or disk is full"), as on a full disk.
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(store.db);
      await sql.raw(`pragma max_page_count = ${rows[0].page_count}`).execute(store.db);
      const write = databaseWriter(store, new DatabaseRecords(store.db));
      // A long record: more than the pages the database has free.
      const round = { ...ratedRound('FULL000001-round1.rolit', '2026-01-01T10:00:00.000Z'), record: '[Event "long"]\n'.repeat(2000) };
      const caught = await write(round).catch((e: unknown) => e);
      expect(isPassingFailure(caught)).toBe(true);
      expect(causeOf(caught)).toMatch(/^the disk is full \(database or disk is full/);
      const lines: string[] = [];
      const journal = await openJournal(dir, write, lines);
      const kept = journal.keep(round);
      await until(() => journal.state().failing !== null, 'the write failing');
      expect(journal.state().failing).toMatch(/^the disk is full/);
      expect(lines[0]).toMatch(/^rolit journal: the disk is full \(database or disk is full.*\): 1 rounds wait for the database/);
      expect(lines.join('\n')).not.toMatch(/rollback/);
      await sql.raw('pragma max_page_count = 1073741823').execute(store.db);
      expect((await kept.written)?.map((r) => r.player)).toEqual([ANN, 'computer:beginner']);
      expect(await store.player(ANN)).toMatchObject({ games: 1, ratedGames: 1 });
    } finally {
      await Promise.all(journals.splice(0).map((j) => j.close()));
      await store.close();
    }
  });
});

describe('failures', () => {
  it('takes the database’s and the disk’s passing failures for passing (SQLite busy or full, PostgreSQL’s connection lost or shutting down), not its others', () => {
    const sqlite = (errcode: number) => Object.assign(new Error('sqlite'), { code: 'ERR_SQLITE_ERROR', errcode });
    const postgres = (code: string) => Object.assign(new Error('pg'), { code });
    const passing = [sqlite(5), sqlite(261), sqlite(13), postgres('08006'), postgres('57P01'), postgres('40001'), postgres('ECONNREFUSED'), failure('ENOSPC'), new Error('Connection terminated unexpectedly')];
    expect(passing.map(isPassingFailure)).toEqual(passing.map(() => true));
    expect([sqlite(1), sqlite(19), postgres('23505'), postgres('42P01'), new Error('anything')].map(isPassingFailure)).toEqual(Array(5).fill(false));
  });

  it('names each cause in words before the error’s own text', () => {
    expect(causeOf(Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 }))).toBe('the disk is full (database or disk is full)');
    expect(causeOf(failure('ENOSPC', "ENOSPC: no space left on device, write"))).toBe('the disk is full (ENOSPC: no space left on device, write)');
    expect(causeOf(failure('53100', 'could not extend file'))).toBe("the database server's disk is full (could not extend file [53100])");
    expect(causeOf(failure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe('the database refuses connections (connect ECONNREFUSED 127.0.0.1:5432)');
    expect(causeOf(new Error('Connection terminated unexpectedly'))).toBe('the connection to the database was lost (Connection terminated unexpectedly)');
    expect(causeOf(new Error('something else'))).toBe('something else');
  });
});
