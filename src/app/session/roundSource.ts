/**
 * Where the round on the table comes from: the page's own match (local play), a recorded round
 * stepped through and played on (a replay), or a game server's room (remote, remoteSource.ts).
 * Each source owns its Game and its play(), and answers what the session would otherwise check
 * a mode for: who may play at this page, who runs the clock and the computer seats, whether a
 * move is awaited, what the standings count and whether a next round follows.
 */
import type { Colour, Game, Match, RoundResult } from '../../engine/index';
import type { RoundSnapshot } from './roundSnapshot';

export interface RoundSource {
  /** The round on the table: this source's own Game. */
  readonly game: Game;
  /** Why a person at this page may not play `colour` now (a text), or null when they may. */
  notYours(colour: Colour | null): string | null;
  /** Whether this page runs the computer seats (online, the server does). */
  readonly runsComputers: boolean;
  /** Whether this page runs the move clock (online, the server does; a replay has none). */
  readonly runsClock: boolean;
  /** A move was sent and its outcome is awaited: no second move meanwhile. */
  awaitingMove(): boolean;
  /**
   * Plays a person's move: true when the round changed here, false when the move went elsewhere
   * and its events come back later. Throws the engine's RuleError for a move the rules refuse.
   */
  play(move: string): boolean;
  /** What the standings count: the match's players and whether fewest balls win. */
  standingsRules(): { players: number; misere: boolean };
  /** Why no next round follows from here (a text), or null when the page deals it. */
  nextRoundRefusal(): string | null;
  /** After every change of the round, once its snapshot is taken. */
  roundChanged(snapshot: RoundSnapshot): void;
}

/** A round the page plays itself: its match and Game are the page's to replace (a new round, a replay's step). */
export interface PageTable extends RoundSource {
  game: Game;
  match: Match;
}

/** The page's own match: it keeps its round and results while another source is on the table. */
export interface LocalRound extends PageTable {
  round: number;
  results: RoundResult[];
}

/** A round played at this page: every colour may be played here, and the page runs the computer seats. */
function pageTable(match: Match, game: Game, own: Pick<RoundSource, 'runsClock' | 'nextRoundRefusal' | 'roundChanged'>): PageTable {
  return {
    match,
    game,
    notYours: () => null,
    runsComputers: true,
    awaitingMove: () => false,
    play(move) {
      this.game.play(move);
      return true;
    },
    standingsRules() {
      return { players: this.match.players.length, misere: this.match.misere };
    },
    ...own,
  };
}

/** Local play: round `round` of `match`, timed by the page; each change is kept on the device (`keep`). */
export function localRound(match: Match, game: Game, round: number, results: RoundResult[], keep: (snapshot: RoundSnapshot) => void): LocalRound {
  return { ...pageTable(match, game, { runsClock: true, nextRoundRefusal: () => null, roundChanged: keep }), round, results };
}

/**
 * A replay: a match of its own (one round, its seats' players), untimed so a position can be
 * looked at for as long as wanted; each change is followed along the replay's lines (`follow`),
 * and no next round is dealt from it (`noNextRound`).
 */
export function replayRound(match: Match, game: Game, follow: (snapshot: RoundSnapshot) => void, noNextRound: () => string): PageTable {
  return pageTable(match, game, { runsClock: false, nextRoundRefusal: noNextRound, roundChanged: follow });
}
