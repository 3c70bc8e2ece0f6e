/**
 * The move clock of rounds with a time limit: runs for a human to move (computers answer well
 * within the limit) once the previous move's animation has finished, and calls `onExpire` when
 * the time is up. Each clock is for one move of one round; starting another stops it.
 */
import type { Colour } from '../../engine/index';

export interface Clock {
  colour: Colour;
  moveNumber: number;
  /** Time (ms, the session's clock) at which the move is played for the mover. */
  deadline: number;
}

export interface MoveClock {
  /** Starts the clock for this move (stopping any other) and returns what the page shows. */
  start(colour: Colour, moveNumber: number, seconds: number, onExpire: () => void): Clock;
  stop(): void;
}

export function createMoveClock(now: () => number): MoveClock {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    start(colour, moveNumber, seconds, onExpire) {
      stop();
      timer = setTimeout(() => {
        timer = null;
        onExpire();
      }, seconds * 1000);
      return { colour, moveNumber, deadline: now() + seconds * 1000 };
    },
    stop,
  };
}
