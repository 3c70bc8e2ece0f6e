/**
 * Opens the server's database (docs/online.md, Players and ratings) and brings its schema up to
 * date: SQLite by default, one file in the data directory (Node's built-in node:sqlite, on a
 * thread of its own), or
 * PostgreSQL (`--database postgres://…`) for several processes.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { keepingCause } from './failures';
import { migrationProvider } from './migrations';
import { postgresPool } from './postgres';
import { SqliteOnThreadDialect } from './sqliteOnThread';
import type { Database } from './schema';

/** File of the SQLite database in the data directory. */
export const SQLITE_FILE = 'rolit.sqlite';

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: 'sqlite' | 'postgres';
}

/** Whether a --database value names a PostgreSQL server. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Opens `url` (a postgres:// URL) or, without one, the SQLite file of `dataDir`; runs the migrations not yet run. */
export async function openDatabase(dataDir: string, url?: string): Promise<OpenDatabase> {
  let opened: OpenDatabase;
  if (url !== undefined) {
    if (!isPostgresUrl(url)) throw new Error(`--database: expected a postgres:// URL, not ${JSON.stringify(url.slice(0, 80))}`);
    opened = { db: new Kysely<Database>({ dialect: keepingCause(new PostgresDialect({ pool: await postgresPool(url) })) }), kind: 'postgres' };
  } else {
    await mkdir(dataDir, { recursive: true });
    // On a thread of its own (sqliteOnThread.ts): node:sqlite is synchronous.
    opened = { db: new Kysely<Database>({ dialect: keepingCause(new SqliteOnThreadDialect(join(dataDir, SQLITE_FILE))) }), kind: 'sqlite' };
  }
  const migrator = new Migrator({ db: opened.db, provider: migrationProvider });
  let { error } = await migrator.migrateToLatest();
  // Processes starting together on one SQLite file (a test's, say): one migrates, the other finds the file busy and tries again.
  for (let tries = 1; opened.kind === 'sqlite' && tries < 5 && /locked|busy/i.test(String(error)); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200 * tries));
    ({ error } = await migrator.migrateToLatest());
  }
  if (error) {
    await opened.db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return opened;
}
