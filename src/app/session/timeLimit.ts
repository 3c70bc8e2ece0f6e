/**
 * The time limit per move at the page: when the move clock runs (a human to move, the previous
 * move's animation over, no dialog open), the time left kept across a dialog, and the engine's
 * time-out move when it runs out. The clock itself is the turn flow's (src/flow), as in the room.
 */
import type { Game } from '../../engine/index';
import { createMoveClock, type Turn, turnDeadline, wallClock, whoseTurn } from '../../flow/turnFlow';
import { sessionTexts } from './sessionTexts';
import type { Clock, Notify, SessionStore, Table } from './sessionTypes';

export interface TimeLimit {
  /** Starts, keeps or stops the clock for the round as it is now. */
  update(): void;
  /** A dialog opened: the clock stops and keeps the time left for update() after the dialog. */
  pause(): void;
  stop(): void;
}

export interface TimeLimitHost {
  humanToMove(): boolean;
  /** The clock played the move: the session publishes the round. */
  changed(): void;
  notice: Notify;
}

export function createTimeLimit(now: () => number, store: SessionStore, table: Table, host: TimeLimitHost): TimeLimit {
  const { get, set } = store;
  const moveClock = createMoveClock({ now, setTimeout: wallClock.setTimeout });
  /** Starts the clock for this turn, ending at `deadline`, and gives what the page shows. */
  const start = ({ colour, moveNumber }: Turn, deadline: number, onExpire: () => void): Clock => {
    moveClock.start(deadline, onExpire);
    return { colour, moveNumber, deadline };
  };
  /** Milliseconds left on the move clock when a dialog paused it. */
  let clockLeft: number | null = null;

  function update(): void {
    const { animating, clock, paused, round, seats } = get();
    if (paused) return; // pause() keeps the time left
    const game = table.game();
    const turn = whoseTurn(game, round, seats.length);
    const onExpire = () => expire(game, turn!.moveNumber);
    // The clock waits while the previous move is still being animated.
    const runs = turn !== null && game.setup.moveTimeLimit > 0 && host.humanToMove() && !animating;
    const left = clockLeft;
    clockLeft = null;
    if (runs && clock && clock.moveNumber === turn.moveNumber && clock.colour === turn.colour) {
      // Resumed after a dialog: the time that was left, not a fresh limit.
      if (left !== null) set({ clock: start(turn, now() + left, onExpire) });
      return;
    }
    moveClock.stop();
    if (runs) set({ clock: start(turn, turnDeadline(game.setup, now()), onExpire) });
    else if (clock) set({ clock: null });
  }

  function expire(timed: Game, moveNumber: number): void {
    const game = table.game();
    if (game !== timed || game.state.over || game.state.moves.length + 1 !== moveNumber) return;
    const colour = game.state.toMove!;
    const events = game.expireClock();
    const placed = events.flatMap((e) => (e.type === 'ballPlaced' ? [e.square] : []));
    set({ clock: null, pendingDouble: null });
    // The engine's time-out move (rules.md): the most balls, the fewest in misère.
    host.notice(sessionTexts.timeRanOut(colour, placed.join('+'), game.setup.misere));
    host.changed();
  }

  return {
    update,
    pause() {
      const { clock } = get();
      if (clock) clockLeft = Math.max(0, clock.deadline - now());
      moveClock.stop();
    },
    stop: () => moveClock.stop(),
  };
}
