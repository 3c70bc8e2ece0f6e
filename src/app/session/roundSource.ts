/**
 * Where the round on the table comes from: the page's own match (local play), a recorded round
 * stepped through and played on (a replay), or a game server's room (remote, remoteSource.ts).
 * Each source owns its Game and its play(), and answers what the session would otherwise check
 * a mode for: who may play at this page, which turn flow runs the round (the page's, or the
 * server's), whether a move is awaited, what the standings count and whether a next round follows.
 */
import type { Colour, Game, Match, PlayerSpec, RoundResult, Seat } from '../../engine/index';
import type { MatchFlow } from '../../flow/matchFlow';
import type { RoundSnapshot } from './roundSnapshot';

/** The match around a round as the page shows it: its players, their seats this round, the round and the results before it. */
export interface Seating {
  /** The people (or programs) of the match, in the order of the new-game dialog. */
  players: PlayerSpec[];
  seats: Seat[];
  /** 0-based round of the match. */
  round: number;
  /** Results of the match's rounds before this one. */
  results: RoundResult[];
  /**
   * The colours a person at this page plays when not every colour is theirs: an online room's
   * round (its seat's, none for a spectator, none once resigned); null where every colour is
   * played here (the page's own round, a replay).
   */
  ownColours: readonly Colour[] | null;
  /** The seats whose person resigned this round, by their first colour, with the level playing on for each; null outside a room's round. */
  resignedSeats: Readonly<Partial<Record<Colour, string>>> | null;
  /** Per seat, the moves a computer played for its person this round (an online room's); null where none are counted (a round played here). */
  standInMoves: readonly number[] | null;
  /** Per seat, whether its person gave the round up (an online room's, src/flow/givingUp.ts); null for a round played here. */
  gaveUp: readonly boolean[] | null;
  /** Whether this page runs the round's turns, its computer seats among them (its own round, a replay); a room's round is its server's. */
  turnsHere: boolean;
  /** Who deals the round after this one: this page (`here`), the room's host by a rematch (`host`), or nobody (a replay's one round). */
  nextRoundBy: 'here' | 'host' | null;
}

export interface RoundSource {
  /** The round on the table: this source's own Game. */
  readonly game: Game;
  /** Why a person at this page may not play `colour` now (a text), or null when they may. */
  notYours(colour: Colour | null): string | null;
  /**
   * The match flow this page runs for the round (whose turn, the move clock, the computer seats,
   * the next round), or null for an online room's round, which the server's flow runs.
   */
  readonly flow: MatchFlow | null;
  /** A move was sent and its outcome is awaited: no second move meanwhile. */
  awaitingMove(): boolean;
  /**
   * Plays a person's move: true when the round changed here, false when the move went elsewhere
   * and its events come back later. Throws the engine's RuleError for a move the rules refuse.
   */
  play(move: string): boolean;
  /** The match around the round: who sits where. */
  seating(): Seating;
  /** What the standings count: the match's players and whether fewest balls win. */
  standingsRules(): { players: number; misere: boolean };
  /** Why no next round follows from here (a text), or null when the page deals it. */
  nextRoundRefusal(): string | null;
  /** After every change of the round, once its snapshot is taken. */
  roundChanged(snapshot: RoundSnapshot): void;
}

/** What a round played at this page answers for itself. */
type PageRules = Pick<RoundSource, 'nextRoundRefusal' | 'roundChanged'>;

/**
 * A round played at this page: every colour may be played here, and its match flow runs the
 * clock, the computer seats and the rounds, every person here (hot-seat). The page's own match
 * replaces its flow with a new game; a replay is a one-round match of its own.
 */
export class PageTable implements RoundSource {
  constructor(
    public flow: MatchFlow,
    private readonly rules: PageRules,
  ) {}

  get game(): Game {
    return this.flow.game!;
  }

  get match(): Match {
    return this.flow.match!;
  }

  /** Every colour may be played here. */
  readonly notYours: RoundSource['notYours'] = () => null;

  awaitingMove(): boolean {
    return false;
  }

  play(move: string): true {
    const turn = this.flow.turns!.turn();
    if (!turn) throw new Error(`${move}: the round is over`);
    const refusal = this.flow.play(turn.player, move);
    if (refusal?.code === 'illegalMove') throw refusal.refusal;
    if (refusal) throw new Error(`${move}: ${turn.colour}'s turn is not a person's`);
    return true;
  }

  seating(): Seating {
    const { match, flow } = this;
    // Seats as the flow has them this round (rotated by the engine), each its match player's.
    const seats = flow.snapshot().seats.map(({ colours, player }): Seat => ({ ...match.players[player], colours, player }));
    const results = flow.results.filter((r) => r.round < flow.round).map(({ scores, playerScores, winners }): RoundResult => ({ scores, playerScores, winners }));
    const nextRoundBy = this.nextRoundRefusal() === null ? 'here' : null;
    return { players: match.players, seats, round: flow.round, results, ownColours: null, resignedSeats: null, standInMoves: null, gaveUp: null, turnsHere: true, nextRoundBy };
  }

  standingsRules() {
    return { players: this.flow.players, misere: this.flow.rules.misere };
  }

  nextRoundRefusal(): string | null {
    return this.rules.nextRoundRefusal();
  }

  roundChanged(snapshot: RoundSnapshot): void {
    this.rules.roundChanged(snapshot);
  }
}

/** The page's own match: its flow runs persons' turns on the clock; each change is kept on the device (`keep`). */
export function localRound(flow: MatchFlow, keep: (snapshot: RoundSnapshot) => void): PageTable {
  return new PageTable(flow, { nextRoundRefusal: () => null, roundChanged: keep });
}

/**
 * A replay: a match of its own (one round, its seats' players), untimed so a position can be
 * looked at for as long as wanted; each change is followed along the replay's lines (`follow`),
 * and no next round is dealt from it (`noNextRound`).
 */
export function replayRound(flow: MatchFlow, follow: (snapshot: RoundSnapshot) => void, noNextRound: () => string): PageTable {
  return new PageTable(flow, { nextRoundRefusal: noNextRound, roundChanged: follow });
}
