/**
 * Players, ratings and finished rounds in the database (docs/online.md, Players and ratings):
 * what the rooms write at a round's end and what the HTTP requests read. The records themselves
 * are in `records` (recordTable.ts), a game's beside those of rounds that are nobody's.
 */
import type { Kysely, Transaction } from 'kysely';
import { certainty, firstSkill, isProvisional, type Party, placings, PROVISIONAL_GAMES, rateRound, REPEAT_HOURS, repeatWeight, shownRating, type Skill } from '../players/ratings';
import type { Page, TimeKey } from '../front/pages';
import { isPassing } from './records';
import type { Database } from './schema';
import type { Colour } from '../../engine';
import type { Leader, PlayerGame, PlayerKind, PlayerProfile } from '../../wire/players';
import { type OpenDatabase } from './database';

/** One seat of a finished round, as the room saw it. */
export interface SeatOutcome {
  colours: string[];
  /** The rated player: a person's public id, `computer:<level>`, or null (a person without a key). */
  player: string | null;
  name: string;
  kind: PlayerKind;
  score: number;
  /** The person gave the round up (docs/online.md): resigned, or a computer played most of their moves. */
  forfeit: boolean;
  standInMoves: number;
}

/** A finished round to keep. */
export interface FinishedRound {
  /** Its record's name. */
  id: string;
  room: string;
  /** From 1, as in the record. */
  round: number;
  finishedAt: Date;
  size: number;
  variant: string;
  misere: boolean;
  /** The table rates its rounds (create option `rated`). */
  rated: boolean;
  record: string;
  seats: SeatOutcome[];
}

/** A seat's rating after a rated round. */
export interface SeatRating {
  seat: number;
  player: string;
  rating: number;
  change: number;
  provisional: boolean;
  /** What the round weighed for the player (ratings.ts): 1 in full, less against provisional players or ones met again within a day. */
  weight: number;
}

/** Where the leaderboard's page ended: the last player's μ and id (best first: μ down, then id up). */
export type RatingKey = readonly [mu: number, id: string];

export class GameStore {
  private constructor(
    readonly db: Kysely<Database>,
    readonly kind: OpenDatabase['kind'],
  ) {}

  static of(opened: OpenDatabase): GameStore {
    return new GameStore(opened.db, opened.kind);
  }

  close(): Promise<void> {
    return this.db.destroy();
  }

  /**
   * Keeps a finished round and, when it is rated, rates its players (in one transaction, the
   * ratings read locked, so processes sharing PostgreSQL never lose each other's changes). Its
   * record is kept too unless one of its name is already (the room saves it first).
   * Gives each rated seat's new rating (none for an unrated round), or null for a round kept already.
   */
  async saveRound(round: FinishedRound): Promise<SeatRating[] | null> {
    const now = round.finishedAt.toISOString();
    return this.db.transaction().execute(async (tx) => {
      const exists = await tx.selectFrom('games').select('id').where('id', '=', round.id).executeTakeFirst();
      if (exists) return null;
      const players = round.seats.flatMap((s) => (s.player === null ? [] : [{ id: s.player, name: s.name, kind: s.kind }]));
      // A player's name is the one they played under, changed at a limited pace: nobody takes on names round after round.
      const settled = new Date(round.finishedAt.getTime() - NAME_CHANGE_HOURS * 3600_000).toISOString();
      for (const p of players) {
        await tx
          .insertInto('players')
          .values({ id: p.id, name: p.name, kind: p.kind, created_at: now, name_changed_at: now })
          .onConflict((oc) =>
            oc
              .column('id')
              .doUpdateSet({ name: p.name, name_changed_at: now })
              .where('players.name', '!=', p.name)
              .where('players.name_changed_at', '<=', settled),
          )
          .execute();
        // A person who played a kept round through the bot API is a bot from then on (docs/online.md, Bots known as bots).
        if (p.kind === 'bot') await tx.updateTable('players').set({ kind: 'bot' }).where('id', '=', p.id).where('kind', '=', 'human').execute();
      }
      const rated = round.rated && isRatedTable(round.seats);
      const ranks = placings(round.seats.map((s) => s.score), round.misere, round.seats.map((s) => s.forfeit));
      const ratings = rated ? await this.rate(tx, round.seats, ranks, now) : [];
      await tx
        .insertInto('records')
        .values({ id: round.id, saved_at: now, passing: flag(isPassing(round.id)), text: round.record })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await tx
        .insertInto('games')
        .values({ id: round.id, room: round.room, round: round.round, finished_at: now, size: round.size, variant: round.variant, misere: flag(round.misere), rated: flag(rated) })
        .execute();
      await tx
        .insertInto('game_seats')
        .values(
          round.seats.map((s, seat) => {
            const r = ratings.find((x) => x.seat === seat);
            return {
              game_id: round.id, seat, colours: s.colours.join(','), player_id: s.player, name: s.name, kind: s.kind, score: s.score, rank: ranks[seat],
              forfeit: flag(s.forfeit), stand_in_moves: s.standInMoves, rating_before: r ? r.rating - r.change : null, rating_after: r?.rating ?? null,
            };
          }),
        )
        .execute();
      return ratings;
    });
  }

  private async rate(tx: Transaction<Database>, seats: SeatOutcome[], ranks: number[], now: string): Promise<SeatRating[]> {
    const ids = [...new Set(seats.flatMap((s) => (s.player ? [s.player] : [])))].sort();
    // Locked in one order by every process, so two rounds sharing players wait rather than deadlock.
    let query = tx.selectFrom('ratings').selectAll().where('player_id', 'in', ids).orderBy('player_id');
    if (this.kind === 'postgres') query = query.forUpdate();
    const rows = new Map((await query.execute()).map((r) => [r.player_id, r]));
    const before = (id: string): Skill => rows.get(id) ?? firstSkill();
    const kinds = new Map(seats.flatMap((s) => (s.player ? [[s.player, s.kind] as const] : [])));
    const met = await this.pairingsSince(tx, ids.filter((id) => kinds.get(id) !== 'computer'), new Date(Date.parse(now) - REPEAT_HOURS * 3600_000).toISOString());
    // An opponent weighs the certainty of their rating; two persons (or their bots), the less the more often they met within the day.
    const opponentWeight = (id: string, opponent: string) =>
      certainty(kinds.get(opponent)!, rows.get(opponent)?.settled ?? 0) * (kinds.get(id) !== 'computer' && kinds.get(opponent) !== 'computer' ? repeatWeight(met.get(pairKey(id, opponent)) ?? 0) : 1);
    const parties: Party[] = seats.flatMap((s, seat) => (s.player ? [{ id: s.player, rank: ranks[seat], before: before(s.player) }] : []));
    const after = rateRound(parties, opponentWeight);
    const kept = new Map<string, { games: number; settled: number }>();
    for (const id of ids) {
      const skill = after.get(id)!;
      const games = (rows.get(id)?.games ?? 0) + 1;
      // A rating settles on rounds played to the end: given up, a round tells nothing of how its player plays.
      const gaveUp = seats.some((s) => s.player === id && s.forfeit);
      const settled = (rows.get(id)?.settled ?? 0) + (gaveUp ? 0 : skill.weight);
      kept.set(id, { games, settled });
      await tx
        .insertInto('ratings')
        .values({ player_id: id, mu: skill.mu, sigma: skill.sigma, games, settled, updated_at: now })
        .onConflict((oc) => oc.column('player_id').doUpdateSet({ mu: skill.mu, sigma: skill.sigma, games, settled, updated_at: now }))
        .execute();
    }
    return seats.flatMap((s, seat) => {
      if (!s.player) return [];
      const skill = after.get(s.player)!;
      const rating = shownRating(skill);
      return [{ seat, player: s.player, rating, change: rating - shownRating(before(s.player)), provisional: isProvisional(s.kind, kept.get(s.player)!.settled), weight: Math.round(skill.weight * 100) / 100 }];
    });
  }

  /** Rated rounds each two of `players` played together since `since`, by pairKey. */
  private async pairingsSince(tx: Transaction<Database>, players: string[], since: string): Promise<Map<string, number>> {
    if (players.length < 2) return new Map();
    const rows = await tx
      .selectFrom('game_seats as a')
      .innerJoin('game_seats as b', (join) => join.onRef('a.game_id', '=', 'b.game_id').onRef('a.player_id', '<', 'b.player_id'))
      .innerJoin('games', 'games.id', 'a.game_id')
      .select(['a.player_id as a', 'b.player_id as b', (eb) => eb.fn.countAll().as('n')])
      .where('games.rated', '=', 1)
      .where('games.finished_at', '>', since)
      .where('a.player_id', 'in', players)
      .where('b.player_id', 'in', players)
      .groupBy(['a.player_id', 'b.player_id'])
      .execute();
    return new Map(rows.map((r) => [pairKey(r.a!, r.b!), Number(r.n)]));
  }

  async player(id: string): Promise<PlayerProfile | null> {
    const row = await this.db
      .selectFrom('players')
      .leftJoin('ratings', 'ratings.player_id', 'players.id')
      .select(['players.id', 'players.name', 'players.kind', 'players.created_at', 'ratings.mu', 'ratings.sigma', 'ratings.games as rated', 'ratings.settled'])
      .where('players.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const { count } = await this.db.selectFrom('game_seats').select((eb) => eb.fn.countAll().as('count')).where('player_id', '=', id).executeTakeFirstOrThrow();
    const ratedGames = row.rated ?? 0;
    return {
      id: row.id,
      name: row.name,
      kind: row.kind as PlayerKind,
      rating: row.mu === null || row.sigma === null ? null : shownRating({ mu: row.mu, sigma: row.sigma }),
      provisional: isProvisional(row.kind as PlayerKind, row.settled ?? 0),
      games: Number(count),
      ratedGames,
      since: row.created_at,
    };
  }

  /** A player's finished rounds, newest first, `limit` at most after the game whose key is `after`. */
  async games(player: string, limit: number, after: TimeKey | null): Promise<Page<PlayerGame, TimeKey>> {
    let query = this.db
      .selectFrom('games')
      .leftJoin('records', 'records.id', 'games.id')
      .selectAll('games')
      .select('records.text')
      .where('games.id', 'in', (eb) => eb.selectFrom('game_seats').select('game_id').where('player_id', '=', player))
      .orderBy('games.finished_at', 'desc')
      .orderBy('games.id', 'desc')
      .limit(limit + 1);
    if (after) query = query.where((eb) => eb(eb.refTuple('games.finished_at', 'games.id'), '<', eb.tuple(after[0], after[1])));
    const rows = await query.execute();
    const games = rows.slice(0, limit);
    const seats = games.length === 0 ? [] : await this.db.selectFrom('game_seats').selectAll().where('game_id', 'in', games.map((g) => g.id)).orderBy('seat').execute();
    const last = games.at(-1);
    return {
      next: rows.length > limit && last ? [last.finished_at, last.id] : null,
      items: games.map((g) => ({
        id: g.id, room: g.room, round: g.round, date: g.finished_at, size: g.size, variant: g.variant, misere: g.misere === 1, rated: g.rated === 1,
        seats: seats
          .filter((s) => s.game_id === g.id)
          .map((s) => ({
            colours: s.colours.split(',') as Colour[], player: s.player_id, name: s.name, kind: s.kind as PlayerKind, score: s.score, rank: s.rank, forfeit: s.forfeit === 1,
            ratingBefore: s.rating_before, ratingAfter: s.rating_after,
          })),
        record: g.text ?? '',
      })),
    };
  }

  /**
   * Rated players, best first (μ down, then id), `limit` at most after the player whose key is
   * `after`: the settled ones (the computer levels always), provisional ones too where
   * `provisional` says; people, computer levels or bots only where `kind` says (bots only then).
   */
  async leaderboard(limit: number, after: RatingKey | null, kind?: PlayerKind, provisional = false): Promise<Page<Leader, RatingKey>> {
    let query = this.db
      .selectFrom('ratings')
      .innerJoin('players', 'players.id', 'ratings.player_id')
      .$if(kind !== undefined, (q) => q.where('players.kind', '=', kind!))
      .$if(kind === undefined, (q) => q.where('players.kind', '!=', 'bot'))
      .$if(!provisional, (q) => q.where((eb) => eb.or([eb('players.kind', '=', 'computer'), eb('ratings.settled', '>=', PROVISIONAL_GAMES)])))
      .select(['players.id', 'players.name', 'players.kind', 'ratings.mu', 'ratings.sigma', 'ratings.games', 'ratings.settled'])
      .orderBy('ratings.mu', 'desc')
      .orderBy('players.id')
      .limit(limit + 1);
    if (after) query = query.where((eb) => eb.or([eb('ratings.mu', '<', after[0]), eb.and([eb('ratings.mu', '=', after[0]), eb('players.id', '>', after[1])])]));
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      next: rows.length > limit && last ? [last.mu, last.id] : null,
      items: page.map((r) => ({ id: r.id, name: r.name, kind: r.kind as PlayerKind, rating: shownRating(r), provisional: isProvisional(r.kind as PlayerKind, r.settled), ratedGames: r.games })),
    };
  }

  /** "Forget me": the player and their rating go; their seats in kept rounds, and those rounds' records, lose their id and name. */
  async forget(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const seats = await tx.selectFrom('game_seats').innerJoin('records', 'records.id', 'game_seats.game_id').select(['records.id', 'records.text', 'game_seats.colours']).where('player_id', '=', id).execute();
      for (const seat of seats) {
        // The record names each colour's player in a tag of its own ([Red "Ann"]): the name goes, the round stays.
        const text = seat.colours.split(',').reduce((text, c) => text.replace(new RegExp(`^\\[${c[0].toUpperCase()}${c.slice(1)} ".*"\\]$`, 'm'), `[${c[0].toUpperCase()}${c.slice(1)} "?"]`), seat.text);
        await tx.updateTable('records').set({ text }).where('id', '=', seat.id).execute();
      }
      await tx.updateTable('game_seats').set({ player_id: null, name: '?' }).where('player_id', '=', id).execute();
      await tx.deleteFrom('ratings').where('player_id', '=', id).execute();
      const { numDeletedRows } = await tx.deleteFrom('players').where('id', '=', id).where('kind', '!=', 'computer').executeTakeFirst();
      return numDeletedRows > 0n;
    });
  }
}

/** Hours a player's name stays before a round played under another name changes it. */
export const NAME_CHANGE_HOURS = 1;

/** The key of two players in pairingsSince's map, the same either way round. */
const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

/** A round rates its players when it has two rated seats at least, one of them a person (or their bot) with a key. */
export function isRatedTable(seats: readonly Pick<SeatOutcome, 'player' | 'kind'>[]): boolean {
  return seats.filter((s) => s.player !== null).length >= 2 && seats.some((s) => s.player !== null && s.kind !== 'computer');
}

const flag = (value: boolean) => (value ? 1 : 0);
