/**
 * The players' answers over HTTP (docs/online.md, Players and ratings): a profile, a kept round
 * and its seats, a leaderboard row. The server's database gives them; the page checks and shows them.
 */
import type { Colour } from '../engine';

/**
 * A person at a page, a person's program playing through the bot API (`bot`: once a kept round
 * was played that way, for good, as lichess keeps its BOT accounts), or a computer level rated as
 * a player (`computer:<level>`).
 */
export type PlayerKind = 'human' | 'bot' | 'computer';
export const PLAYER_KINDS: readonly PlayerKind[] = ['human', 'bot', 'computer'];

/** `GET /players/<id>`. */
export interface PlayerProfile {
  id: string;
  name: string;
  kind: PlayerKind;
  /** null until a rated round. */
  rating: number | null;
  provisional: boolean;
  /** Finished rounds played, rated or not. */
  games: number;
  ratedGames: number;
  /** When the player was first kept (ISO 8601). */
  since: string;
}

/** A seat of a kept round. */
export interface GameSeat {
  colours: Colour[];
  /** A person's public id, `computer:<level>`, or null (forgotten, or played without a key). */
  player: string | null;
  name: string;
  kind: PlayerKind;
  score: number;
  /** Place by balls, from 1; ties share one. */
  rank: number;
  forfeit: boolean;
  ratingBefore: number | null;
  ratingAfter: number | null;
}

/** A kept round of `GET /players/<id>/games`. */
export interface PlayerGame {
  /** The record's name. */
  id: string;
  room: string;
  /** Round of its match, from 1. */
  round: number;
  /** When it ended (ISO 8601). */
  date: string;
  size: number;
  variant: string;
  misere: boolean;
  rated: boolean;
  seats: GameSeat[];
  /** The record's text (docs/record-format.md). */
  record: string;
}

/** A row of `GET /leaderboard`. */
export interface Leader {
  id: string;
  name: string;
  kind: PlayerKind;
  rating: number;
  provisional: boolean;
  /** Rated rounds played: the profile's `ratedGames` (its `games` counts unrated ones too). */
  ratedGames: number;
}
