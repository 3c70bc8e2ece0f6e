/**
 * The schema's migrations, in order, run at the server's start (Kysely's Migrator keeps which ran).
 * A new change is a new entry; a published one is never edited.
 */
import { type Kysely, sql } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';

const migrations: Record<string, Migration> = {
  '0001-players-ratings-games': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('players')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('name_changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ratings')
        .addColumn('player_id', 'text', (c) => c.primaryKey().references('players.id').onDelete('cascade'))
        .addColumn('mu', 'double precision', (c) => c.notNull())
        .addColumn('sigma', 'double precision', (c) => c.notNull())
        .addColumn('games', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('games')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('room', 'text', (c) => c.notNull())
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('finished_at', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('variant', 'text', (c) => c.notNull())
        .addColumn('misere', 'integer', (c) => c.notNull())
        .addColumn('rated', 'integer', (c) => c.notNull())
        .addColumn('record', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('games_finished').on('games').columns(['finished_at', 'id']).execute();
      await db.schema
        .createTable('game_seats')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('colours', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.references('players.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addColumn('forfeit', 'integer', (c) => c.notNull())
        .addColumn('stand_in_moves', 'integer', (c) => c.notNull())
        .addColumn('rating_before', 'integer')
        .addColumn('rating_after', 'integer')
        .addPrimaryKeyConstraint('game_seats_key', ['game_id', 'seat'])
        .execute();
      await db.schema.createIndex('game_seats_player').on('game_seats').column('player_id').execute();
      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Every record in one place: the games' texts move to `records`, beside those of rounds that are
  // nobody's game (TV's, unfinished ones); the import of record files runs again to bring those in.
  '0002-records': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('records')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .addColumn('passing', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('records_saved').on('records').columns(['saved_at', 'id']).execute();
      await sql`insert into records (id, saved_at, passing, text)
        select id, finished_at, case when id like 'tv-%' or id like 'quick-%' then 1 else 0 end, record from games`.execute(db);
      await db.schema.alterTable('games').dropColumn('record').execute();
      await sql`delete from meta where key = 'record files imported'`.execute(db);
    },
  },
  // Rated rounds weigh what they counted (docs/online.md, Players and ratings): a rating settles
  // once its rounds weigh PROVISIONAL_GAMES. Ratings kept before count each of their rounds in full.
  '0003-rating-settled': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ratings').addColumn('settled', 'double precision', (c) => c.notNull().defaultTo(0)).execute();
      await sql`update ratings set settled = games`.execute(db);
      await db.schema.createIndex('games_rated_finished').on('games').columns(['rated', 'finished_at']).execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
