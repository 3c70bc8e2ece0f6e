/**
 * Worker-thread entry of the SQLite database (sqliteOnThread.ts): it owns the one connection
 * (Node's synchronous node:sqlite) and runs each statement it is sent, in the order sent, so the
 * rooms' thread never waits for the disk or a long query. Rows and results go back by message; a
 * failure goes back with SQLite's own codes (`code`, `errcode`, `errstr`), which the retries of
 * a failed write read (records.ts isPassingFailure).
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import type { SqliteReply, SqliteRequest, SqliteThreadData } from './sqliteOnThread';

const port = parentPort!;
/** Prepared statements by their SQL, the latest used kept: the store asks the same few again and again. */
const STATEMENTS_KEPT = 100;
const statements = new Map<string, StatementSync>();

let db: DatabaseSync | null = null;
try {
  db = new DatabaseSync((workerData as SqliteThreadData).file);
  // One writer at a time, readers beside it; foreign keys as PostgreSQL keeps them. With WAL,
  // `synchronous = NORMAL` syncs at checkpoints, not at every round's commit: a crash of the process
  // loses no committed round; a power cut may lose the last seconds' (as the OS's cache of any file
  // written would). The busy timeout first: switching to WAL takes a lock that another process
  // starting on the file may hold.
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
  port.postMessage({ id: 0, opened: true } satisfies SqliteReply);
} catch (e) {
  // The opening thread ends this one once it has read why.
  try {
    db?.close();
  } catch {
    // Not open: nothing to close.
  }
  db = null;
  port.postMessage({ id: 0, error: failure(e) } satisfies SqliteReply);
}

if (db) port.on('message', (request: SqliteRequest) => answer(db!, request));

function answer(db: DatabaseSync, request: SqliteRequest): void {
  if (request.close) {
    db.close();
    port.postMessage({ id: request.id, closed: true } satisfies SqliteReply);
    port.close();
    return;
  }
  let reply: SqliteReply;
  try {
    const statement = prepared(db, request.sql);
    const parameters = request.parameters as (null | number | bigint | string | Uint8Array)[];
    if (statement.columns().length > 0) reply = { id: request.id, rows: statement.all(...parameters) };
    else {
      const { changes, lastInsertRowid } = statement.run(...parameters);
      reply = { id: request.id, changes: Number(changes), lastInsertRowid: BigInt(lastInsertRowid) };
    }
  } catch (e) {
    reply = { id: request.id, error: failure(e) };
  }
  port.postMessage(reply);
}

function prepared(db: DatabaseSync, sql: string): StatementSync {
  let statement = statements.get(sql);
  if (statement) statements.delete(sql);
  else statement = db.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
  return statement;
}

/** An error as a message can carry it: its text and SQLite's codes. */
function failure(e: unknown): NonNullable<SqliteReply['error']> {
  const { code, errcode, errstr } = e as { code?: unknown; errcode?: unknown; errstr?: unknown };
  return {
    message: e instanceof Error ? e.message : String(e),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof errcode === 'number' ? { errcode } : {}),
    ...(typeof errstr === 'string' ? { errstr } : {}),
  };
}
