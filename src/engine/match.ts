import type { Colour } from './colours';
import type { Variant } from './events';
import { Game } from './game';
import type { BoardSize } from './geometry';
import { freshSeed, Random } from './random';
import type { RoundResult } from './state';

/** Computer levels, from weakest to strongest: the ai plays them; a match, a record and the wire name them. */
export const LEVELS = ['beginner', 'greedy', 'tactician', 'strategist', 'master'] as const;
export type Level = (typeof LEVELS)[number];

/** Who plays a seat of a match: a person, or a computer of a level (one of LEVELS). */
export interface PlayerSpec {
  kind: 'human' | 'computer';
  /** Computer players only. */
  level?: string;
  name: string;
}

/** Everything that fixes a match: its players and the rules of all its rounds. */
export interface MatchOptions {
  players: PlayerSpec[];
  /** Colours in play, one per player (the team variant: all four); undefined for the player count's usual colours. */
  colours?: Colour[];
  size: BoardSize;
  variant: Variant;
  misere: boolean;
  /** Seconds per move, 0 for none. */
  moveTimeLimit: number;
  takeBacks: boolean;
  /** Seed of the match; undefined for a fresh one. */
  seed?: number;
}

/** A match under way: its options are fixed for all its rounds, and its seed chosen. */
export type Match = MatchOptions & { seed: number };

/** A player in a seat of one round. */
export interface Seat extends PlayerSpec {
  /** Colours this seat plays this round (RoundSetup.players). */
  colours: Colour[];
  /** Index into the match's players (seats rotate between rounds). */
  player: number;
}

/** Seed of round `round` of a match seeded with `seed`: round 0 uses the seed itself. */
export function roundSeed(seed: number, round: number): number {
  if (round === 0) return seed;
  const random = new Random(seed);
  let s = 0;
  for (let i = 0; i < round; i++) s = random.nextUint32();
  return s;
}

export function startMatch(options: MatchOptions): Match {
  return { ...options, seed: options.seed ?? freshSeed() };
}

/** Round `round` of the match: a new engine Game and who sits where. */
export function makeRound(match: Match, round: number): { game: Game; seats: Seat[] } {
  const game = new Game({
    size: match.size,
    players: match.players.length,
    colours: match.colours,
    variant: match.variant,
    misere: match.misere,
    moveTimeLimit: match.moveTimeLimit,
    takeBacks: match.takeBacks,
    seed: roundSeed(match.seed, round),
  });
  return { game, seats: seatsOf(match, round, game) };
}

/** Who sits where in round `round` of the match (seats rotate between rounds). */
export function seatsOf(match: Match, round: number, game: Game): Seat[] {
  return game.setup.players.map((colours, seat): Seat => {
    const player = playerInSeat(seat, round, match.players.length);
    return { ...match.players[player], colours, player };
  });
}

/**
 * A match is several rounds. Between rounds the players change seats (and so colours) to balance
 * the chances: in round r (0-based) player p sits in seat (p + r) mod n. Each round's winners
 * (shared wins count for every winner) get a round won; most rounds won takes the match, ties
 * broken by total balls (fewest in misere).
 */
export interface Standing {
  player: number;
  roundsWon: number;
  balls: number;
}

export interface MatchStandings {
  type: 'matchStandings';
  roundsPlayed: number;
  /** One entry per player, best first. */
  standings: Standing[];
  /** Players leading the match (shared when rounds won and balls are equal). */
  leaders: number[];
}

/** The match's player in `seat` in round `round`: the one place seats rotate (seatOfPlayer is its inverse). */
export function playerInSeat(seat: number, round: number, players: number): number {
  return (((seat - round) % players) + players) % players;
}

/** A seat's colours: a round setup's entry (RoundSetup.players), or a seat that names them. */
export type SeatColours = readonly Colour[] | { readonly colours: readonly Colour[] };

/** The seat (its index) that plays `colour` among these seats, or -1 when none does (the colour is not in play): the one look-up of a colour's seat. */
export function seatOfColour(seats: readonly SeatColours[], colour: Colour): number {
  return seats.findIndex((seat) => ('colours' in seat ? seat.colours : seat).includes(colour));
}

/** The seat of the match's player `player` in round `round`. */
export function seatOfPlayer(player: number, round: number, players: number): number {
  return (player + round) % players;
}

/** Standings after the given rounds (results in seat order, as roundOver reports them). */
export function matchStandings(results: readonly RoundResult[], players: number, misere = false): MatchStandings {
  const table: Standing[] = Array.from({ length: players }, (_, player) => ({ player, roundsWon: 0, balls: 0 }));
  results.forEach((result, round) => {
    result.playerScores.forEach((score, seat) => {
      table[playerInSeat(seat, round, players)].balls += score;
    });
    for (const seat of result.winners) table[playerInSeat(seat, round, players)].roundsWon += 1;
  });
  const standings = [...table].sort((a, b) => b.roundsWon - a.roundsWon || (misere ? a.balls - b.balls : b.balls - a.balls) || a.player - b.player);
  const top = standings[0];
  const leaders = standings
    .filter((s) => s.roundsWon === top.roundsWon && s.balls === top.balls)
    .map((s) => s.player);
  return { type: 'matchStandings', roundsPlayed: results.length, standings, leaders };
}
