/**
 * The saved rounds' records in the database (table `records`, docs/online.md, Records): the one
 * place they are listed and read from, by every process sharing the database. A page of the list
 * is one indexed query from where the page before ended, however many records there are.
 */
import type { Kysely } from 'kysely';
import type { Page, TimeKey } from '../front/pages';
import { isPassing, isRecordName, RECORD_EXTENSION, type RecordStore } from './records';
import type { Database } from './schema';

export class DatabaseRecords implements RecordStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async list(limit: number, after: TimeKey | null): Promise<Page<string, TimeKey>> {
    let query = this.db.selectFrom('records').select(['id', 'saved_at']).orderBy('saved_at', 'desc').orderBy('id', 'desc').limit(limit + 1);
    if (after) query = query.where((eb) => eb(eb.refTuple('saved_at', 'id'), '<', eb.tuple(after[0], after[1])));
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { items: page.map((r) => r.id), next: rows.length > limit && last ? [last.saved_at, last.id] : null };
  }

  async write(name: string, text: string, savedAt = new Date(this.now())): Promise<void> {
    const row = { id: name, saved_at: savedAt.toISOString(), passing: isPassing(name) ? 1 : 0, text };
    await this.db
      .insertInto('records')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet({ saved_at: row.saved_at, text }))
      .execute();
  }

  async read(name: string): Promise<string | null> {
    if (!isRecordName(name)) return null;
    const row = await this.db.selectFrom('records').select('text').where('id', '=', name).executeTakeFirst();
    return row?.text ?? null;
  }

  /**
   * Deletes the rounds nobody will look at, finished or saved more than `maxAgeMs` ago: unrated
   * games (those of people without keys among them) with their seats and records; records of
   * rounds nobody keeps (TV's, quick play's) and of unfinished rounds that are no game. Rated
   * games stay, as do the records of people's rooms. How many games and records went.
   */
  async expire(maxAgeMs: number): Promise<number> {
    const before = new Date(this.now() - maxAgeMs).toISOString();
    return this.db.transaction().execute(async (tx) => {
      const games = await tx.selectFrom('games').select('id').where('rated', '=', 0).where('finished_at', '<', before).execute();
      let gone = 0;
      for (let i = 0; i < games.length; i += EXPIRED_AT_ONCE) {
        const ids = games.slice(i, i + EXPIRED_AT_ONCE).map((g) => g.id);
        // Their seats go with them (foreign key, on delete cascade).
        gone += Number((await tx.deleteFrom('games').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
        gone += Number((await tx.deleteFrom('records').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
      }
      const { numDeletedRows } = await tx
        .deleteFrom('records')
        .where('saved_at', '<', before)
        .where((eb) => eb.or([eb('passing', '=', 1), eb('id', 'like', `%${UNFINISHED_SUFFIX}`)]))
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('games').select('games.id').whereRef('games.id', '=', 'records.id'))))
        .executeTakeFirst();
      return gone + Number(numDeletedRows);
    });
  }
}

/** Games deleted by one statement: well under the parameters a statement takes (SQLite's 32,766, PostgreSQL's 65,535). */
const EXPIRED_AT_ONCE = 500;
/** How the name of an unfinished round's record ends (records.ts recordFileName). */
const UNFINISHED_SUFFIX = `-unfinished${RECORD_EXTENSION}`;
