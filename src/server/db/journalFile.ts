/**
 * The journal's file (journal.ts; docs/online.md, The journal): one a process, `rounds-<pid>.journal`
 * in the journal's directory, JSON lines appended and synced to the disk before a round goes to
 * the database: `{"seq":N,"id":…,"at":…,"record":…,"game":…}` for a round to keep, `{"done":N}`
 * once the database has it (not synced: a round written twice is written once, by its id). When
 * nothing waits the file is emptied. At the start a process takes over its own file and those of
 * processes of this machine that ended (no process of their number runs), in the order their
 * rounds finished, and writes them back as one file of its own. A line cut short by a crash or a
 * full disk reads as nothing and is counted.
 */
import { type FileHandle, mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FinishedRound } from './store';

/** A round to keep: its record, and for a game its players and outcome (store.ts FinishedRound but the record, by its id). */
export interface RoundToKeep {
  /** Its record's name (records.ts recordFileName): what makes its writing happen once. */
  id: string;
  /** When it finished, or was saved unfinished (ISO). */
  at: string;
  record: string;
  /** The finished round to keep as a game, rating its players; null for a record only (TV's rounds, unfinished ones). */
  game: KeptGame | null;
}

export type KeptGame = Omit<FinishedRound, 'id' | 'record' | 'finishedAt'>;

/** A round in the file, by its place in it. */
export interface Journaled {
  seq: number;
  round: RoundToKeep;
}

type Op =
  | { kind: 'line'; text: string; sync: boolean; settle: (error: unknown) => void }
  | { kind: 'reset'; rounds: Journaled[] }
  | { kind: 'close'; settle: () => void };

const FILE_NAME = /^rounds-(\d+)\.journal$/;
/** Files of this process's journals open now: one writer a file. */
const openPaths = new Set<string>();

export class JournalFile {
  private readonly ops: Op[] = [];
  private running = false;
  /** A write failed part-way: the next starts on a new line, so that the torn one reads as one bad line. */
  private torn = false;
  private nextSeq: number;

  private constructor(
    readonly path: string,
    private handle: FileHandle,
    rounds: number,
    private readonly log: (line: string) => void,
  ) {
    this.nextSeq = rounds + 1;
  }

  /**
   * Opens this process's journal in `dir`, taking over the rounds that wait in its own file and in
   * those of processes that ended; gives them in the order they finished, and the lines that did
   * not read and the files taken over.
   */
  static async open(dir: string, log: (line: string) => void): Promise<{ file: JournalFile; waiting: Journaled[]; unread: number; files: string[] }> {
    await mkdir(dir, { recursive: true });
    const path = join(dir, `rounds-${process.pid}.journal`);
    if (openPaths.has(path)) throw new Error(`the journal ${path} is open already in this process`);
    openPaths.add(path);
    try {
      const files = (await readdir(dir)).filter((name) => {
        const pid = Number(FILE_NAME.exec(name)?.[1] ?? NaN);
        return pid === process.pid || (Number.isInteger(pid) && !isRunning(pid));
      });
      const found: RoundToKeep[] = [];
      let unread = 0;
      for (const name of files) {
        const read = readJournal(await readFile(join(dir, name), 'utf8'));
        found.push(...read.rounds);
        unread += read.unread;
      }
      // In the order they finished (the sort is stable: a file's own order between equal times).
      found.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
      const waiting = found.map((round, i) => ({ seq: i + 1, round }));
      await writeWhole(path, waiting);
      for (const name of files) {
        if (join(dir, name) !== path) await unlink(join(dir, name)).catch(ignoreGone);
        // A whole file's rewrite that a crash cut short (the file it was to replace is whole).
        await unlink(join(dir, `${name}.new`)).catch(ignoreGone);
      }
      return { file: new JournalFile(path, await open(path, 'a'), waiting.length, log), waiting, unread, files };
    } catch (e) {
      openPaths.delete(path);
      throw e;
    }
  }

  /** Appends a round and syncs it to the disk (rounds appended together share one write and one sync); gives its place. */
  async append(round: RoundToKeep): Promise<number> {
    const seq = this.nextSeq++;
    await this.line(`${JSON.stringify({ seq, ...round })}\n`, true);
    return seq;
  }

  /** Marks a round written to the database. Not synced: lost, the round is written again, which writes nothing. */
  done(seq: number): void {
    this.line(`${JSON.stringify({ done: seq })}\n`, false).catch(() => {});
  }

  /** Makes the file hold only `rounds` (none: empty), after whatever was appended before. */
  reset(rounds: Journaled[]): void {
    this.push({ kind: 'reset', rounds });
  }

  /** Closes the file once everything asked before is done. */
  close(): Promise<void> {
    return new Promise((settle) => this.push({ kind: 'close', settle }));
  }

  private line(text: string, sync: boolean): Promise<void> {
    return new Promise((resolve, reject) => this.push({ kind: 'line', text, sync, settle: (e) => (e ? reject(e) : resolve()) }));
  }

  private push(op: Op): void {
    this.ops.push(op);
    if (this.running) return;
    this.running = true;
    void this.run();
  }

  /** Does the file's work in order; lines appended meanwhile go in one write. */
  private async run(): Promise<void> {
    while (this.ops.length > 0) {
      const op = this.ops[0];
      if (op.kind === 'line') {
        const lines: Extract<Op, { kind: 'line' }>[] = [];
        while (this.ops[0]?.kind === 'line') lines.push(this.ops.shift() as Extract<Op, { kind: 'line' }>);
        let error: unknown = null;
        try {
          await this.handle.appendFile((this.torn ? '\n' : '') + lines.map((l) => l.text).join(''));
          this.torn = false;
          if (lines.some((l) => l.sync)) await this.handle.datasync();
        } catch (e) {
          error = e;
          this.torn = true;
        }
        for (const l of lines) l.settle(error);
        continue;
      }
      this.ops.shift();
      if (op.kind === 'close') {
        await this.handle.close().catch(() => {});
        openPaths.delete(this.path);
        op.settle();
        continue;
      }
      try {
        if (op.rounds.length === 0) await this.handle.truncate(0);
        else {
          await writeWhole(this.path, op.rounds);
          await this.handle.close();
          this.handle = await open(this.path, 'a');
        }
        this.torn = false;
      } catch (e) {
        // The file keeps rounds written already: at worst they are written again, which writes nothing.
        this.log(`rolit journal: cannot clear ${this.path}: ${(e as Error).message}`);
      }
    }
    this.running = false;
  }
}

/** The rounds a journal's text holds that the database has not taken, in its order, and the lines that do not read. */
export function readJournal(text: string): { rounds: RoundToKeep[]; unread: number } {
  const rounds = new Map<number, RoundToKeep>();
  let unread = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      unread++;
      continue;
    }
    const { seq, done, ...round } = (value ?? {}) as { seq?: unknown; done?: unknown } & Partial<RoundToKeep>;
    if (typeof done === 'number') rounds.delete(done);
    else if (typeof seq === 'number' && isRound(round)) rounds.set(seq, { id: round.id, at: round.at, record: round.record, game: round.game });
    else unread++;
  }
  return { rounds: [...rounds.values()], unread };
}

function isRound(value: Partial<RoundToKeep>): value is RoundToKeep {
  return typeof value.id === 'string' && typeof value.at === 'string' && typeof value.record === 'string' && (value.game === null || (typeof value.game === 'object' && value.game !== undefined));
}

/** Writes `rounds` as the whole file: a new file synced, then renamed over the old, the directory synced. */
async function writeWhole(path: string, rounds: Journaled[]): Promise<void> {
  const temporary = `${path}.new`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(rounds.map(({ seq, round }) => `${JSON.stringify({ seq, ...round })}\n`).join(''));
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
  // The rename itself made durable; some systems cannot sync a directory, where it is as durable as it gets.
  const dir = await open(join(path, '..'), 'r').catch(() => null);
  await dir?.sync().catch(() => {});
  await dir?.close();
}

/** Whether a process of this number runs on this machine (one of another user's counts). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ignoreGone(e: NodeJS.ErrnoException): void {
  if (e.code !== 'ENOENT') throw e;
}
