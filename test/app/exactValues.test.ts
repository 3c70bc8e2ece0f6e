import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreApi } from 'zustand/vanilla';
import { createExactValues, type MoveSolver, signedValue, socketValues } from '../../src/app/analysis/exactValues';
import { createSession, type SessionState } from '../../src/app/session/session';
import { MoveValues } from '../../src/ai/moveValues';
import { Game, toRecord } from '../../src/engine/index';

/** Solves at once on the test's thread, like the worker does move by move; counts requests and cancels. */
function directSolver() {
  const log = { requests: 0, cancels: 0 };
  const solver: MoveSolver = {
    solve(position, owners, misere, listener) {
      log.requests++;
      const values = new MoveValues(position, owners, { misere });
      for (let v = values.step(); v; v = values.step()) listener.value(v.move, v.value);
      listener.done(0);
      return { cancel: () => void log.cancels++ };
    },
  };
  return { solver, log };
}

function endgame(players: 2 | 3, empties: number): string {
  const game = new Game({ players, size: 6, seed: 4 });
  while (game.positionCopy().empties > empties) game.play(game.legalMoves()[0]);
  return toRecord(game);
}

let sessions: StoreApi<SessionState>[] = [];
afterEach(() => {
  for (const s of sessions) s.getState().dispose();
  sessions = [];
  vi.useRealTimers();
});

function setUp(record: string) {
  vi.useFakeTimers();
  const session = createSession({ computer: { think: () => ({ result: new Promise(() => undefined), moveNow: () => undefined, cancel: () => undefined }) }, levels: ['greedy'], defaultLevel: 'greedy' });
  sessions.push(session);
  expect(session.getState().openRecord(record)).toBeNull();
  session.getState().replayGo(0, 1000);
  const { solver, log } = directSolver();
  return { session, values: createExactValues(session, solver), log };
}

describe('exact values (on demand, for the position on the board)', () => {
  it('values every legal move of a two-player position with at most 14 empty sockets, and follows the position', () => {
    const { session, values, log } = setUp(endgame(2, 12));
    expect(values.getState().status).toBe('off');
    values.getState().setOn(true);
    expect(values.getState().status).toBe('done');
    expect(Object.keys(values.getState().values).sort()).toEqual([...session.getState().snapshot.legalMoves].sort());
    expect(values.getState().events).toBe(session.getState().snapshot.events);
    // A new position: the open solve is cancelled and the new one solved.
    session.getState().replayStep(-1);
    expect(log.cancels).toBe(1);
    expect(log.requests).toBe(2);
    expect(values.getState().events).toBe(session.getState().snapshot.events);
    values.getState().setOn(false);
    expect(values.getState()).toMatchObject({ status: 'off', values: {} });
  });

  it('says why a position has no exact values: more than 14 empty sockets, or not two players', () => {
    const many = setUp(endgame(2, 20)).values;
    many.getState().setOn(true);
    expect(many.getState()).toMatchObject({ status: 'unavailable', reason: 'Exact values from 14 empty sockets (now 20).' });
    const three = setUp(endgame(3, 10)).values;
    three.getState().setOn(true);
    expect(three.getState()).toMatchObject({ status: 'unavailable', reason: 'Exact values are for two players (this round has 3).' });
  });

  it('a socket shows its move, or in Pro the best move placing a ball there; values are written +4, -2, 0', () => {
    expect([...socketValues({ c3: 4, 'c3+d5': 6, d5: -2 }, false)]).toEqual([['c3', 6], ['d5', 6]]);
    expect([...socketValues({ c3: 4, 'c3+d5': 6, d5: -2 }, true)]).toEqual([['c3', 4], ['d5', -2]]);
    expect([4, -2, 0].map(signedValue)).toEqual(['+4', '-2', '0']);
  });
});
