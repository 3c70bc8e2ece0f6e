/**
 * The database's tables (docs/online.md, Players and ratings), one schema for SQLite and
 * PostgreSQL. Flags are integers 0/1 and times ISO texts, which both store alike.
 */

/** A person (their id derives from their key: playerId.ts) or a computer level (`computer:<level>`). */
export interface PlayersTable {
  id: string;
  name: string;
  kind: string;
  created_at: string;
  /** When the name last changed: it changes at most once in NAME_CHANGE_HOURS. */
  name_changed_at: string;
}

/** A player's Weng-Lin rating (mu, sigma) and the rated rounds it counts. */
export interface RatingsTable {
  player_id: string;
  mu: number;
  sigma: number;
  games: number;
  /** What the rated rounds weighed, added up (ratings.ts roundWeight): settled from PROVISIONAL_GAMES on. */
  settled: number;
  updated_at: string;
}

/** A finished round kept as someone's game: its id is its record's name (records.ts), the record in `records`. */
export interface GamesTable {
  id: string;
  room: string;
  /** Round of the match, from 1 as in the record. */
  round: number;
  finished_at: string;
  size: number;
  variant: string;
  misere: number;
  rated: number;
}

/** Every saved round's record (docs/record-format.md): people's games, TV's rounds, rounds saved unfinished. */
export interface RecordsTable {
  /** The record's name (records.ts recordFileName). */
  id: string;
  saved_at: string;
  /** 1 for a round nobody keeps (TV's, quick play's: records.ts isPassing), deleted after --keep-days unless it is a game. */
  passing: number;
  text: string;
}

/** Each seat of a finished round: who played it and how it ended. */
export interface GameSeatsTable {
  game_id: string;
  seat: number;
  /** Colours of the seat, comma-separated. */
  colours: string;
  /** The rated player, or null: a person without a key, a round imported from a record file, a forgotten player. */
  player_id: string | null;
  name: string;
  kind: string;
  score: number;
  /** Placing, from 1 (ties share one). */
  rank: number;
  /** The person gave the round up (docs/online.md): placed last. */
  forfeit: number;
  stand_in_moves: number;
  rating_before: number | null;
  rating_after: number | null;
}

/** Settings of the database itself (the one-off import of record files). */
export interface MetaTable {
  key: string;
  value: string;
}

export interface Database {
  players: PlayersTable;
  ratings: RatingsTable;
  games: GamesTable;
  records: RecordsTable;
  game_seats: GameSeatsTable;
  meta: MetaTable;
}
