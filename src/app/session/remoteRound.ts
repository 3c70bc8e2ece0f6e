/**
 * A round played on a game server (online play), as the session shows it: the server's engine
 * events (the log the director animates), who sits where, and which colours this page may play.
 * The position is rebuilt from the log with the engine (Game.fromEvents); the page never decides
 * a move's outcome, it sends the move and waits for the server's events (remoteSource.ts).
 */
import type { Colour, GameEvent, RoundResult, Seat } from '../../engine/index';

export interface RemoteRound {
  /** Round of the match, from 0. */
  round: number;
  /** The round's engine events, as the server published them (from the start throw). */
  events: readonly GameEvent[];
  seats: Seat[];
  /** Results of the match's finished rounds before this one. */
  results: RoundResult[];
  /** The colours this page plays (its seat's); empty for a spectator. */
  mine: readonly Colour[];
  /** The seats whose person resigned this round, by their first colour: the level of the server's computer playing on for them. */
  resigned: Readonly<Partial<Record<Colour, string>>>;
  /** Per seat, the moves the server's computer played for its person this round. */
  standInMoves: readonly number[];
  /** Per seat, whether its person gave the round up (resigned, or a stand-in played more than half of its moves: src/flow/givingUp.ts). */
  gaveUp: readonly boolean[];
  /** Players may use engine help (the host allowed it); spectators always may. */
  help: boolean;
  /** When the mover's time runs out (ms since 1970, the server's clock), 0 without a time limit. */
  deadline: number;
  /** Sends a move ("f4", "e3+e6") to the server, for the seat of `mine`. */
  send(move: string): void;
}

/**
 * Per seat, whether its person gave up the round on the table: an online room's as the server
 * decided it, or a replayed record's as its GaveUp tag says (while following the record's line);
 * null where nobody did or could. RoundOver, the captions and the standings read this alone.
 */
export function gaveUpShown(state: { gaveUp: readonly boolean[] | null; replay: { line: number; gaveUp: readonly boolean[] } | null }): readonly boolean[] | null {
  return state.gaveUp ?? (state.replay?.line === 0 && state.replay.gaveUp.some(Boolean) ? state.replay.gaveUp : null);
}

/** Whether this page may show engine help (evaluation, graph, suggestions, strongest move): always in local play. */
export function engineHelpShown(state: { remote: RemoteRound | null }): boolean {
  return !state.remote || state.remote.help || state.remote.mine.length === 0;
}

/** Whether the board shows this page's turn in an online round (not in a replay, not once the round is over): one of its own colours to move. */
export function yourTurnShown(state: { ownColours: readonly Colour[] | null; shown: { toMove: Colour | null; over: boolean } }): boolean {
  const { ownColours, shown } = state;
  return ownColours !== null && !shown.over && shown.toMove !== null && ownColours.includes(shown.toMove);
}
