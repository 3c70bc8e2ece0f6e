import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreApi } from 'zustand/vanilla';
import { analysisTexts } from '../../src/app/analysis/analysisTexts';
import { bestMoves, createExactValues, type MoveSolver, signedValue, socketOutcomes, socketValues } from '../../src/app/analysis/exactValues';
import { MaxnMoveValues, playerOutcome, solveMaxn } from '../../src/ai/maxnSolver';
import { createSession, type SessionState } from '../../src/app/session/session';
import { MoveValues } from '../../src/ai/moveValues';
import { COLOURS, Game, parseMove, readRecord, toRecord } from '../../src/engine/index';

/** Solves at once on the test's thread, like the worker does move by move; counts requests and cancels. */
function directSolver() {
  const log = { requests: 0, cancels: 0 };
  const solver: MoveSolver = {
    solve(position, owners, misere, listener) {
      log.requests++;
      if (Math.max(...owners) > 1) {
        const outcomes = new MaxnMoveValues(position, { owners, misere });
        for (let v = outcomes.step(); v; v = outcomes.step()) listener.scores(v.move, v.scores);
      } else {
        const values = new MoveValues(position, owners, { misere });
        for (let v = values.step(); v; v = values.step()) listener.value(v.move, v.value);
      }
      listener.done(0);
      return { cancel: () => void log.cancels++ };
    },
  };
  return { solver, log };
}

function endgame(players: 1 | 2 | 3 | 4, empties: number, misere = false): string {
  const game = new Game({ players, size: 6, seed: 4, misere });
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

  it('says why a position has no exact values: more than 14 empty sockets (two players), more than 9 (three and four), or one player', () => {
    const many = setUp(endgame(2, 20)).values;
    many.getState().setOn(true);
    expect(many.getState()).toMatchObject({ status: 'unavailable', reason: 'Exact values from 14 empty sockets (now 20).' });
    const three = setUp(endgame(3, 10)).values;
    three.getState().setOn(true);
    expect(three.getState()).toMatchObject({ status: 'unavailable', reason: 'Exact values from 9 empty sockets (now 10).' });
    const alone = setUp(endgame(1, 10)).values;
    alone.getState().setOn(true);
    expect(alone.getState()).toMatchObject({ status: 'unavailable', reason: 'Exact values are for two to four players (this round has 1).' });
  });

  for (const [players, misere] of [[3, false], [4, false], [4, true]] as const) {
    it(`${players} players${misere ? ', misère' : ''}: each legal move's place and final balls for the mover under max^n play, the best moves those it wants most`, () => {
      const record = endgame(players, 9, misere);
      const { session, values } = setUp(record);
      values.getState().setOn(true);
      const state = values.getState();
      expect(state).toMatchObject({ status: 'done', values: {} });
      const game = readRecord(record).game;
      const position = game.positionCopy();
      const owners = COLOURS.map((c) => game.setup.colours.indexOf(c)); // each player its own colour
      const mover = owners[position.toMove];
      expect(Object.keys(state.outcomes).sort()).toEqual([...session.getState().snapshot.legalMoves].sort());
      let bestPlaced = -1;
      for (const move of game.legalMoves()) {
        const after = position.clone();
        after.make(parseMove(game.setup.size, move));
        const scores = solveMaxn(after, { owners, misere }).scores;
        expect(state.outcomes[move]).toMatchObject(playerOutcome(scores, mover, misere));
        if (bestMoves(state.outcomes).has(move)) bestPlaced = state.outcomes[move].place;
      }
      // The solver's own move for the position is among the best, and no move places the mover better.
      const solved = solveMaxn(position, { owners, misere });
      const best = bestMoves(state.outcomes);
      expect([...best].map((m) => parseMove(game.setup.size, m))).toContain(solved.move);
      expect(Math.min(...Object.values(state.outcomes).map((o) => o.place))).toBe(bestPlaced);
      expect([...socketOutcomes(state.outcomes).keys()].sort()).toEqual(Object.keys(state.outcomes).sort());
    });
  }

  it('three and four players: the words for a move, and the short form on its socket', () => {
    expect(analysisTexts.outcome('f4', { balls: 18, place: 1, sharing: 1 }, true)).toBe('f4: wins, 18 balls (best move)');
    expect(analysisTexts.outcome('b2', { balls: 1, place: 1, sharing: 2 }, false)).toBe('b2: shares the win, 1 ball');
    expect(analysisTexts.outcome('c3', { balls: 9, place: 3, sharing: 2 }, false)).toBe('c3: shares 3rd place, 9 balls');
    expect(analysisTexts.outcomeShort({ balls: 14, place: 2, sharing: 2 })).toBe('=2nd 14');
    expect(analysisTexts.outcomeShort({ balls: 7, place: 4, sharing: 1 })).toBe('4th 7');
  });

  it('a socket shows its move, or in Pro the best move placing a ball there; values are written +4, -2, 0', () => {
    expect([...socketValues({ c3: 4, 'c3+d5': 6, d5: -2 }, false)]).toEqual([['c3', 6], ['d5', 6]]);
    expect([...socketValues({ c3: 4, 'c3+d5': 6, d5: -2 }, true)]).toEqual([['c3', 4], ['d5', -2]]);
    expect([4, -2, 0].map(signedValue)).toEqual(['+4', '-2', '0']);
  });
});
