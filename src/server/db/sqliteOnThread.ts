/**
 * Kysely's SQLite dialect with the database on a worker thread of its own (sqliteThread.ts): Node's
 * built-in node:sqlite is synchronous, and on the rooms' thread every query, a long list's
 * included, would hold up every room's moves and every request. Here a query is a message to the
 * thread, which runs them one at a time in the order sent; the rooms' thread only waits for the
 * answer. SQLite is one connection: Kysely lends it to one caller at a time (SqliteAdapter has no
 * multiple connections), so a transaction's statements run together, in order, none of another's
 * between them.
 */
import type { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { startThread } from '../../ai/tools/ts-thread';

/** What the thread is started with. */
export interface SqliteThreadData {
  file: string;
}

/** A statement to run (`id` from 1), or the end of the connection. */
export type SqliteRequest = { id: number; sql: string; parameters: readonly unknown[]; close?: undefined } | { id: number; close: true };

/** The thread's answer to request `id` (0: the database opened, or why not). */
export interface SqliteReply {
  id: number;
  rows?: unknown[];
  changes?: number;
  lastInsertRowid?: bigint;
  opened?: true;
  closed?: true;
  error?: { message: string; code?: string; errcode?: number; errstr?: string };
}

/** The thread's entry beside this module: TypeScript from the sources, JavaScript once built (as computerPool.ts finds its thread). */
const THREAD_ENTRY = new URL(new URL(import.meta.url).pathname.endsWith('.ts') ? './sqliteThread.ts' : './sqliteThread.js', import.meta.url);

/** The SQLite database in `file`, its queries run on a worker thread. */
export class SqliteOnThreadDialect implements Dialect {
  constructor(private readonly file: string) {}

  createDriver(): Driver {
    return new SqliteOnThreadDriver(this.file);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

class SqliteOnThreadDriver implements Driver {
  private connection: ThreadConnection | null = null;

  constructor(private readonly file: string) {}

  async init(): Promise<void> {
    this.connection = await ThreadConnection.open(this.file);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // A thread that ended (it failed) is started again for the next caller; what it was running failed with it.
    if (this.connection?.ended) this.connection = await ThreadConnection.open(this.file);
    return this.connection!;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    // One connection, lent again by Kysely.
  }

  async destroy(): Promise<void> {
    await this.connection?.close();
    this.connection = null;
  }
}

/** The connection on the thread: each query a message, answered in the order sent. */
class ThreadConnection implements DatabaseConnection {
  private readonly waiting = new Map<number, { resolve: (reply: SqliteReply) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  ended = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: SqliteReply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if (reply.error) waiter.reject(Object.assign(new Error(reply.error.message), reply.error));
      else waiter.resolve(reply);
    });
    const end = (error: Error) => {
      this.ended = true;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    worker.on('error', (e) => end(new Error(`the database thread failed: ${e.message}`)));
    worker.on('exit', (code) => end(new Error(`the database thread ended (exit code ${code})`)));
  }

  /** Starts the thread on `file`; resolves once the database is open, or rejects with why it is not. */
  static async open(file: string): Promise<ThreadConnection> {
    const worker = startThread(THREAD_ENTRY, { file } satisfies SqliteThreadData);
    const connection = new ThreadConnection(worker);
    try {
      await connection.ask({ id: 0 } as SqliteRequest, 0);
      return connection;
    } catch (e) {
      await worker.terminate();
      throw e;
    }
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const id = this.nextId++;
    const reply = await this.ask({ id, sql: compiled.sql, parameters: compiled.parameters }, id);
    if (reply.rows) return { rows: reply.rows as R[] };
    return { rows: [], numAffectedRows: BigInt(reply.changes ?? 0), insertId: reply.lastInsertRowid };
  }

  /** The rows of a query, all in one chunk: the thread answers a query whole. */
  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiled);
  }

  async close(): Promise<void> {
    if (this.ended) return;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    await this.ask({ id: this.nextId, close: true }, this.nextId++).catch(() => undefined);
    await this.worker.terminate();
    await exited;
  }

  /** Sends `request` (none for the opening's answer) and waits for the answer to `id`; the thread keeps the process up meanwhile. */
  private ask(request: SqliteRequest, id: number): Promise<SqliteReply> {
    if (this.ended) return Promise.reject(new Error('the database thread has ended'));
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.ref();
      if (id !== 0) this.worker.postMessage(request);
    });
  }
}
