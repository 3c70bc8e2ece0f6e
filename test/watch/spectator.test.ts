/** Watching a computer game: pause, step one move, take a computer seat over and hand it back. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoreApi } from 'zustand/vanilla';
import type { ComputerPlayer, ComputerQuestion } from '../../src/app/computer/computer';
import { createSession, type SessionState } from '../../src/app/session/session';
import { againstComputer, watchedByComputers } from '../../src/app/watch/watched';

interface Job {
  request: ComputerQuestion;
  cancelled: boolean;
  answer(): void;
}

/** A computer player that answers (with the first legal move) only when the test says so. */
function fakeComputer() {
  const jobs: Job[] = [];
  const computer: ComputerPlayer = {
    think(request) {
      let resolve!: (move: string) => void;
      const result = new Promise<string>((r) => (resolve = r));
      const job: Job = { request, cancelled: false, answer: () => resolve(request.game.legalMoves()[0]) };
      jobs.push(job);
      return { result, moveNow: () => job.answer(), cancel: () => void (job.cancelled = true) };
    },
  };
  return { computer, jobs };
}

let stores: StoreApi<SessionState>[] = [];
function session(search: string) {
  const fake = fakeComputer();
  const store = createSession({ computer: fake.computer, levels: ['greedy', 'master'], defaultLevel: 'master', storage: null }, { search });
  stores.push(store);
  /** Answers the open question, then lets the session ask again. */
  const answer = async () => {
    fake.jobs.filter((j) => !j.cancelled).at(-1)?.answer();
    await vi.runAllTimersAsync();
  };
  return { s: () => store.getState(), jobs: fake.jobs, answer };
}
const moves = (s: () => SessionState) => s().snapshot.state.moves.length;
const openJobs = (jobs: Job[]) => jobs.filter((j) => !j.cancelled);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const store of stores) store.getState().dispose();
  stores = [];
  vi.useRealTimers();
});

describe('spectator controls', () => {
  it('pause drops the move being thought about and asks nothing until resumed', async () => {
    const { s, jobs, answer } = session('seats=ai,ai&seed=2');
    await vi.runAllTimersAsync();
    expect(jobs).toHaveLength(1);
    await answer();
    expect(moves(s)).toBe(1);
    s().setSpectatorPaused(true);
    expect(jobs.at(-1)!.cancelled).toBe(true);
    expect(s().thinking).toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(openJobs(jobs).length).toBe(1); // only the first, answered one
    expect(moves(s)).toBe(1);
    s().setSpectatorPaused(false);
    await vi.runAllTimersAsync();
    await answer();
    expect(moves(s)).toBe(2);
  });

  it('step plays exactly one move while paused, and again on the next step', async () => {
    const { s, jobs, answer } = session('seats=ai,ai:greedy&seed=2');
    s().setSpectatorPaused(true);
    await vi.runAllTimersAsync();
    expect(openJobs(jobs)).toHaveLength(0);
    s().step();
    await vi.runAllTimersAsync();
    await answer();
    expect(moves(s)).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(openJobs(jobs)).toHaveLength(1);
    expect(s().spectatorPaused).toBe(true);
    s().step();
    await vi.runAllTimersAsync();
    await answer();
    expect(moves(s)).toBe(2);
    expect(openJobs(jobs)).toHaveLength(2);
  });

  it('step while running: the move being thought about is the one step, then paused', async () => {
    const { s, jobs, answer } = session('seats=ai,ai&seed=2');
    await vi.runAllTimersAsync();
    s().step();
    expect(jobs[0].cancelled).toBe(false);
    await answer();
    expect(moves(s)).toBe(1);
    expect(s().spectatorPaused).toBe(true);
    expect(openJobs(jobs)).toHaveLength(1);
  });

  it('take over: the seat becomes human on its next turn (the open question is dropped), and hand back', async () => {
    const { s, jobs, answer } = session('seats=ai,ai&seed=2');
    await vi.runAllTimersAsync();
    const seat = s().snapshot.seatToMove!;
    s().takeOver(seat, true);
    expect(jobs[0].cancelled).toBe(true);
    expect(s().seats[seat].kind).toBe('human');
    expect(s().legalSquares.length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(openJobs(jobs)).toHaveLength(0);
    s().clickSquare(s().snapshot.legalMoves[0]);
    expect(moves(s)).toBe(1);
    await vi.runAllTimersAsync();
    await answer(); // the other computer seat
    expect(moves(s)).toBe(2);
    expect(s().legalSquares.length).toBeGreaterThan(0); // the taken seat again
    // A taken-over seat keeps its level: the game is still one the computers play and people watch.
    expect(watchedByComputers(s().seats)).toBe(true);
    s().takeOver(seat, false);
    expect(s().seats[seat]).toMatchObject({ kind: 'computer', level: 'master' });
    expect(s().legalSquares).toEqual([]);
    await vi.runAllTimersAsync();
    await answer();
    expect(moves(s)).toBe(3);
  });

  it('a person cannot be handed to a computer: the refusal says why', () => {
    const { s } = session('seats=human,ai&seed=2');
    s().takeOver(0, false);
    expect(s().seats[0].kind).toBe('human');
    expect(s().message).toMatchObject({ kind: 'refusal', text: 'Seat 1 (You) was never a computer: there is none to hand it back to.' });
  });
});

describe('who the watch controls and engine help are for', () => {
  const person = { kind: 'human' as const };
  const computer = { kind: 'computer' as const, level: 'master' };
  const takenOver = { kind: 'human' as const, level: 'greedy' };
  it('the watch controls only where no person plays from the start', () => {
    expect(watchedByComputers([computer, computer])).toBe(true);
    expect(watchedByComputers([takenOver, computer])).toBe(true);
    expect(watchedByComputers([person, computer])).toBe(false);
    expect(watchedByComputers([person, person])).toBe(false);
  });
  it('engine help hidden by default only for a person playing against the computer', () => {
    expect(againstComputer([person, computer])).toBe(true);
    expect(againstComputer([person, person])).toBe(false);
    expect(againstComputer([computer, computer])).toBe(false);
    expect(againstComputer([takenOver, computer])).toBe(false);
  });
});
