/** The evaluation bar near the end of a three- or four-player round: the exact result, from the real worker code. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreApi } from 'zustand/vanilla';
import { seatOptions } from '../../src/ai/index';
import type { ToWorker, WorkerLike } from '../../src/ai/browser/messages';
import { allSearches } from '../../src/ai/browser/allSearches';
import { WorkerBrain } from '../../src/ai/browser/worker-brain';
import { MAXN_SOLVE_EMPTIES } from '../../src/ai/mcts';
import { solveMaxn } from '../../src/ai/maxnSolver';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { biggestSwings, createEvaluator } from '../../src/app/analysis/evaluation';
import { createSession, type SessionState } from '../../src/app/session/session';
import { Game, moveName, toRecord } from '../../src/engine/index';

const nobody: ComputerPlayer = { think: () => ({ result: new Promise(() => undefined), moveNow: () => undefined, cancel: () => undefined }) };

/** The real worker code (WorkerBrain) behind a WorkerLike, its slices run on timers. */
function brainWorker(): WorkerLike {
  const worker: WorkerLike = { postMessage: (m) => brain.handle(m as ToWorker), terminate: () => undefined, onmessage: null, onerror: null };
  const brain = new WorkerBrain((m) => worker.onmessage?.({ data: m }), allSearches, (fn) => setTimeout(fn, 0));
  return worker;
}

/** A round played on (varied legal moves) until `empties` sockets are left. */
function endgame(players: 3 | 4, empties: number, seed: number, misere: boolean): Game {
  const game = new Game({ players, size: 8, seed, misere });
  let turn = 0;
  while (game.positionCopy().empties > empties) {
    const moves = game.legalMoves();
    game.play(moves[(turn++ * seed) % moves.length]);
  }
  return game;
}

let sessions: StoreApi<SessionState>[] = [];
afterEach(() => {
  for (const s of sessions) s.getState().dispose();
  sessions = [];
});

describe('the evaluation bar publishes exact chances near the end of a three- or four-player round', () => {
  for (const [players, seed, misere] of [[4, 3, false], [3, 5, true]] as const) {
    it(`${players} players${misere ? ', misère' : ''}: 1 to the winner of max^n play, 0 to the others, unchanged along max^n play to the result`, async () => {
      const game = endgame(players, MAXN_SOLVE_EMPTIES, seed, misere);
      const start = game.state.moves.length;
      const solved = solveMaxn(game.positionCopy(), seatOptions(game.setup));
      expect(solved.complete).toBe(true);
      const exact = Array.from({ length: players }, (_, p) => (solved.winners.includes(p) ? 1 / solved.winners.length : 0));
      // The record goes on with max^n play to the end; the replay shows each of its positions.
      const position = game.positionCopy();
      for (const move of solved.line) {
        game.play(moveName(position.size, move));
        position.make(move);
      }
      const session = createSession({ computer: nobody, levels: ['master'], defaultLevel: 'master', storage: null });
      sessions.push(session);
      expect(session.getState().openRecord(toRecord(game), { ply: start })).toBeNull();
      const { store, stop } = createEvaluator(session, { createWorker: brainWorker, movetime: 2000 });
      await vi.waitFor(() => expect(store.getState().latest).not.toBeNull(), { timeout: 10_000 });
      expect(store.getState().latest).toEqual({ move: start, chances: exact });
      for (let move = start + 1; move <= game.state.moves.length; move++) {
        session.getState().replayStep(1);
        await vi.waitFor(() => expect(store.getState().latest?.move).toBe(move), { timeout: 10_000 });
        expect(store.getState().latest!.chances).toEqual(exact);
      }
      // Exact all the way to the result, forced moves included: the graph shows no swing.
      expect(store.getState().latest).toMatchObject({ final: true });
      expect(biggestSwings(store.getState().history)).toEqual([]);
      stop();
    });
  }
});
