/**
 * Kysely's SQLite dialect on Node's built-in `node:sqlite` (no native build to install): the
 * dialect asks for better-sqlite3's statement shape, which DatabaseSync's statements have but for
 * `reader` (whether the statement returns rows), read here from its columns.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type Parameters = ReadonlyArray<unknown>;
type Value = null | number | bigint | string | Uint8Array;

export function sqliteDatabase(db: DatabaseSync): SqliteDatabase {
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const statement = db.prepare(sql);
      // Kysely sends only these types: it binds each value as it came.
      const values = (parameters: Parameters) => parameters as Value[];
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...values(parameters)),
        run: (parameters) => statement.run(...values(parameters)),
        iterate: (parameters) => statement.iterate(...values(parameters)) as IterableIterator<unknown>,
      };
    },
  };
}
