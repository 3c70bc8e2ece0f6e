/**
 * Failures of the database and the disk as the operator must read them (docs/online.md, Failures):
 * which may pass (worth trying again), each one's cause in words (a full disk named as such), and
 * a Kysely dialect that lets a failed statement's own error through, not the failed rollback after it.
 */
import type { Dialect, Driver } from 'kysely';

/** Failures of the system that may pass (open files, disk space, a lost connection): worth trying again. */
const PASSING_CODES = ['EMFILE', 'ENFILE', 'ENOSPC', 'EDQUOT', 'EAGAIN', 'EBUSY', 'EIO', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'];
/** SQLite's primary result codes that may pass: busy, locked, I/O error, disk full. */
const PASSING_SQLITE = [5, 6, 10, 13];
/** PostgreSQL's SQLSTATEs that may pass: connection exceptions (08), serialization failure and deadlock, resources (53), shutdown (57P01-03). */
const PASSING_POSTGRES = /^(?:08...|40001|40P01|53...|57P0[123])$/;
/** node-postgres's own words for a connection lost or never made (it gives them no code). */
const PASSING_PG_TEXT = /connection terminated|timeout exceeded when trying to connect|not queryable|connection error/i;

interface Coded {
  code?: unknown;
  errcode?: unknown;
  errno?: unknown;
  message?: unknown;
}

/** Whether a failure to write is of a passing kind (the file system's, SQLite's or PostgreSQL's). */
export function isPassingFailure(error: unknown): boolean {
  const e = error as Coded | null;
  if (typeof e?.code !== 'string') return PASSING_PG_TEXT.test(String(e?.message));
  if (e.code === 'ERR_SQLITE_ERROR') return typeof e.errcode === 'number' && PASSING_SQLITE.includes(e.errcode & 0xff);
  return PASSING_CODES.includes(e.code) || PASSING_POSTGRES.test(e.code);
}

/** Causes by the system's error code, in the words of the log. */
const SYSTEM_CAUSES: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is spent',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files on the system',
  EIO: 'the disk failed to read or write',
  EROFS: 'the disk is read-only',
  EACCES: 'no permission',
  ECONNREFUSED: 'the database refuses connections',
  ECONNRESET: 'the connection to the database was reset',
  ETIMEDOUT: 'the database did not answer in time',
  EHOSTUNREACH: 'the database cannot be reached',
  ENETUNREACH: 'the database cannot be reached',
  EAI_AGAIN: "the database's host name does not resolve now",
  EPIPE: 'the connection to the database was lost',
};

/** Causes by SQLite's primary result code. */
const SQLITE_CAUSES: Record<number, string> = { 5: 'the database is busy', 6: 'the database is locked', 10: 'the disk failed to read or write', 13: 'the disk is full', 14: 'the database file cannot be opened' };

/**
 * What made a write fail, in words, then the error's own text: "the disk is full (database or
 * disk is full)". Lines of the log fold by this (one a cause and interval), so it names the cause
 * first and carries nothing that changes from one failure to the next of the same kind.
 */
export function causeOf(error: unknown): string {
  const e = error as Coded | null;
  const message = e && typeof e.message === 'string' ? e.message : String(error);
  const code = typeof e?.code === 'string' ? e.code : '';
  let cause: string | undefined;
  if (code === 'ERR_SQLITE_ERROR' && typeof e?.errcode === 'number') cause = SQLITE_CAUSES[e.errcode & 0xff];
  else if (code in SYSTEM_CAUSES) cause = SYSTEM_CAUSES[code];
  else if (code === '53100') cause = "the database server's disk is full";
  else if (/^57P0[123]$/.test(code)) cause = 'the database server is shutting down or starting';
  else if (/^08/.test(code)) cause = 'the connection to the database failed';
  else if (/^53/.test(code)) cause = 'the database server is out of resources';
  else if (/connection terminated|not queryable|connection error/i.test(message)) cause = 'the connection to the database was lost';
  else if (/timeout exceeded when trying to connect|connection timeout/i.test(message)) cause = 'connecting to the database timed out';
  // SQLite's message is its code in words; another's code goes with its message unless in it already.
  const detail = `${message}${code && code !== 'ERR_SQLITE_ERROR' && !message.includes(code) ? ` [${code}]` : ''}`;
  return cause ? `${cause} (${detail})` : detail;
}

/** SQLite's answer to a ROLLBACK after it rolled the transaction back itself (on a full disk, an I/O error). */
const NO_TRANSACTION = /no transaction is active/i;

/**
 * `dialect` with one change: when a transaction fails and SQLite has already rolled it back itself
 * (as it does on a full disk), Kysely's ROLLBACK fails with "cannot rollback - no transaction is
 * active", and that error would replace the one that says why. Here the rollback's is dropped, so
 * the statement's own error (SQLITE_FULL: "database or disk is full") is the one thrown.
 */
export function keepingCause(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const driver = dialect.createDriver();
      return new Proxy(driver, {
        get(target, property) {
          if (property === 'rollbackTransaction') {
            return async (...args: Parameters<Driver['rollbackTransaction']>) => {
              try {
                await target.rollbackTransaction(...args);
              } catch (e) {
                if (!NO_TRANSACTION.test(String((e as Coded | null)?.message))) throw e;
              }
            };
          }
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
  };
}
