/**
 * Where the round on the table comes from: the page's own match (local play), a recorded round
 * stepped through and played on (a replay), or a game server's room (remote, remoteSource.ts).
 * Each source owns its Game and its play(), and answers what the session would otherwise check
 * a mode for: who may play at this page, which turn flow runs the round (the page's, or the
 * server's), whether a move is awaited, what the standings count and whether a next round follows.
 */
import { type Colour, type Game, type Match, type PlayerSpec, type RoundResult, type Seat, seatsOf } from '../../engine/index';
import type { TurnFlow } from '../../flow/turnFlow';
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
   * The turn flow this page runs for the round (whose turn, the move clock, the computer seats),
   * or null for an online room's round, which the server's flow runs.
   */
  readonly flow: TurnFlow | null;
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

/**
 * Makes the turn flow of a round played at this page: round `round` of `match` from the position
 * `game`, its persons' turns timed (`timed`, the page's own match) or none (a replay).
 */
export type PageFlow = (match: Match, round: number, game: Game, timed: boolean) => TurnFlow;

/** What a round played at this page answers for itself. */
interface PageRules extends Pick<RoundSource, 'nextRoundRefusal' | 'roundChanged'> {
  /** Whether the move clock times its persons' turns (a replay is looked at as long as wanted). */
  timed: boolean;
}

/**
 * A round played at this page: every colour may be played here, and its turn flow runs the clock
 * and the computer seats. Its match and Game are the page's to replace (a new round, a replay's jump).
 */
export class PageTable implements RoundSource {
  flow: TurnFlow;
  /** The results of the match's rounds before this one (none in a replay, a match of one round). */
  results: RoundResult[] = [];

  constructor(
    public match: Match,
    public round: number,
    game: Game,
    private readonly makeFlow: PageFlow,
    private readonly rules: PageRules,
  ) {
    this.flow = makeFlow(match, round, game, rules.timed);
  }

  get game(): Game {
    return this.flow.game;
  }

  /** Puts `game` on the table (a new round, a replay's jump) with a turn flow of its own; the last one's stops. */
  put(game: Game): void {
    this.flow.stop();
    this.flow = this.makeFlow(this.match, this.round, game, this.rules.timed);
  }

  /** Every colour may be played here. */
  readonly notYours: RoundSource['notYours'] = () => null;

  awaitingMove(): boolean {
    return false;
  }

  play(move: string): true {
    const turn = this.flow.turn();
    if (!turn) throw new Error(`${move}: the round is over`);
    const refusal = this.flow.play(turn.player, move);
    if (refusal?.code === 'illegalMove') throw refusal.refusal;
    if (refusal) throw new Error(`${move}: ${refusal.colour}'s turn is not a person's`);
    return true;
  }

  seating(): Seating {
    const { match, round } = this;
    const nextRoundBy = this.nextRoundRefusal() === null ? 'here' : null;
    return { players: match.players, seats: seatsOf(match, round, this.game), round, results: this.results, ownColours: null, resignedSeats: null, standInMoves: null, turnsHere: true, nextRoundBy };
  }

  standingsRules() {
    return { players: this.match.players.length, misere: this.match.misere };
  }

  nextRoundRefusal(): string | null {
    return this.rules.nextRoundRefusal();
  }

  roundChanged(snapshot: RoundSnapshot): void {
    this.rules.roundChanged(snapshot);
  }
}

/** The page's own match: it keeps its round and results while another source is on the table. */
export class LocalRound extends PageTable {
  constructor(
    match: Match,
    round: number,
    game: Game,
    results: RoundResult[],
    makeFlow: PageFlow,
    keep: (snapshot: RoundSnapshot) => void,
  ) {
    super(match, round, game, makeFlow, { timed: true, nextRoundRefusal: () => null, roundChanged: keep });
    this.results = results;
  }
}

/** Local play: round `round` of `match` at `game`, its persons timed by the page; each change is kept on the device (`keep`). */
export function localRound(match: Match, game: Game, round: number, results: RoundResult[], makeFlow: PageFlow, keep: (snapshot: RoundSnapshot) => void): LocalRound {
  return new LocalRound(match, round, game, results, makeFlow, keep);
}

/**
 * A replay: a match of its own (one round, its seats' players), untimed so a position can be
 * looked at for as long as wanted; each change is followed along the replay's lines (`follow`),
 * and no next round is dealt from it (`noNextRound`).
 */
export function replayRound(match: Match, game: Game, makeFlow: PageFlow, follow: (snapshot: RoundSnapshot) => void, noNextRound: () => string): PageTable {
  return new PageTable(match, 0, game, makeFlow, { timed: false, nextRoundRefusal: noNextRound, roundChanged: follow });
}
