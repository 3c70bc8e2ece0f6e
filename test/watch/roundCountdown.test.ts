import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { watchRoundEnd } from '../../src/app/watch/roundCountdown';
import { createSession } from '../../src/app/session/session';

/** Answers at once with the first legal move: a whole round plays out on the fake timers. */
const quickComputer: ComputerPlayer = {
  think: (q) => ({ result: Promise.resolve(q.game.legalMoves()[0]), moveNow: () => undefined, cancel: () => undefined }),
};
const cleanups: (() => void)[] = [];
function watched(search: string) {
  const session = createSession({ computer: quickComputer, levels: ['master'], defaultLevel: 'master', storage: null }, { search });
  const { countdown, stop } = watchRoundEnd(session, { seconds: 5 });
  cleanups.push(stop, () => session.getState().dispose());
  return { s: () => session.getState(), countdown };
}
/** Lets the computers play until the round is over (each move is a timer turn). */
async function playRound(s: () => { snapshot: { over: boolean } }) {
  for (let i = 0; i < 200 && !s().snapshot.over; i++) await vi.advanceTimersByTimeAsync(1);
  expect(s().snapshot.over).toBe(true);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanups.splice(0).forEach((f) => f());
  vi.useRealTimers();
});

describe('next round by itself', () => {
  it('with no human seat, the next round starts after the countdown', async () => {
    const { s, countdown } = watched('seats=ai,ai,ai&seed=4&size=6');
    await playRound(s);
    expect(countdown.getState().endsAt).toBe(Date.now() + 5000);
    await vi.advanceTimersByTimeAsync(4900);
    expect(s().round).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(s().round).toBe(1);
    expect(s().results).toHaveLength(1);
  });

  it('cancel keeps the round on screen; a paused spectator gets no countdown', async () => {
    const { s, countdown } = watched('seats=ai,ai&seed=4&size=6');
    await playRound(s);
    countdown.getState().cancel();
    expect(countdown.getState().endsAt).toBeNull();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(s().round).toBe(0);
    s().nextRound();
    await playRound(s);
    s().setSpectatorPaused(true);
    expect(countdown.getState().endsAt).toBeNull();
    s().setSpectatorPaused(false);
    expect(countdown.getState().endsAt).not.toBeNull();
  });

  it('waits for the animations of the end and never runs with a human seat', async () => {
    const { s, countdown } = watched('seats=ai,ai&seed=4&size=6');
    s().setAnimating(true);
    s().takeOver(0, true);
    s().takeOver(0, false);
    s().setAnimating(false);
    await playRound(s);
    s().setAnimating(true);
    expect(countdown.getState().endsAt).toBeNull();
    s().setAnimating(false);
    expect(countdown.getState().endsAt).not.toBeNull();
    s().takeOver(1, true);
    expect(countdown.getState().endsAt).toBeNull();
  });
});
