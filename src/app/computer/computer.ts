/**
 * What the session needs from a computer player: start thinking about a round's position,
 * and later take the move, force it ("move now") or cancel. The browser implementation runs
 * the search in a Web Worker (src/ai/browser/client.ts, see browserComputer.ts); tests pass a fake.
 */
import type { Game } from '../../engine/index';

/** What the session asks a computer player (ThinkRequest is the worker's message, src/ai). */
export interface ComputerQuestion {
  /** Round to move in; the player must not change it. */
  game: Game;
  level: string;
  /** Milliseconds; undefined for the level's own budget. */
  movetime?: number;
}

export interface Thinking {
  /** The chosen move as text ("f4", "e3+e6"); rejects if thinking failed for good. */
  result: Promise<string>;
  /** Play the best move found so far, now. */
  moveNow(): void;
  /** Stop; the result is then never used. */
  cancel(): void;
}

export interface ComputerPlayer {
  think(question: ComputerQuestion): Thinking;
  /**
   * What plays in place of a move this player could not give (it failed, or answered a move the
   * rules refuse): a fallback level's move, found on the page's thread. Without it such a failure
   * stops the round (a fault).
   */
  fallback?: { level: string; move(game: Game): string };
  /**
   * Called once if the player fails for good (the browser's worker crashed) with the level that
   * plays every later move in its place: the stand-in.
   */
  onStandIn?: (listener: (standIn: string) => void) => void;
}
