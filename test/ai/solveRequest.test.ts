import { describe, expect, it } from 'vitest';
import { Game, MAX_MOVES, type Position } from '../../src/engine';
import { solveMaxn } from '../../src/ai/maxnSolver';
import { solveExact } from '../../src/ai/solver';
import { randomEndgame } from '../../src/ai/tools/solver-bench';
import { type FromWorker, solveRequest, type WorkerLike } from '../../src/ai/browser/messages';
import { allSearches } from '../../src/ai/browser/allSearches';
import { WorkerBrain } from '../../src/ai/browser/worker-brain';
import { SolveClient } from '../../src/ai/browser/solveClient';

function legal(position: Position): number[] {
  const out = new Int32Array(MAX_MOVES);
  return Array.from(out.subarray(0, position.generate(out)));
}

function manualBrain() {
  const queue: (() => void)[] = [];
  const posted: FromWorker[] = [];
  const brain = new WorkerBrain((m) => posted.push(m), allSearches, (fn) => queue.push(fn), 1);
  return { brain, posted, queue, runSlice: () => queue.shift()?.() };
}

const RED_GREEN = [0, -1, 1, -1];

function endgame(empties: number, seed: number): Position {
  const game = new Game({ players: 2, size: 6, seed: 3 });
  return randomEndgame(game.positionCopy(), empties, seed, 'random');
}

describe("the worker's solve request (exact value of every legal move)", () => {
  it('values each legal move as the exact solver values the position after it, from the mover\'s side', () => {
    const position = endgame(9, 4);
    const { brain, posted, queue, runSlice } = manualBrain();
    brain.handle({ type: 'solve', id: 3, request: solveRequest(position, RED_GREEN, false) });
    while (queue.length) runSlice();
    const values = posted.filter((m) => m.type === 'moveValue');
    expect(values.map((m) => m.move).sort()).toEqual(legal(position).sort());
    for (const m of values) {
      const after = position.clone();
      after.make(m.move);
      const solved = solveExact(after, { owners: RED_GREEN });
      const sameSide = RED_GREEN[after.toMove] === RED_GREEN[position.toMove];
      expect(m.value).toBe((sameSide ? solved.value : -solved.value) + 0); // +0: the worker never sends -0
    }
    // The best move's value is the position's value.
    expect(Math.max(...values.map((m) => m.value))).toBe(solveExact(position, { owners: RED_GREEN }).value);
    expect(posted.at(-1)).toMatchObject({ type: 'solved', id: 3 });
    expect(brain.busy).toBe(false);
  });

  it('misere: the best move for the mover is the one with the lowest difference', () => {
    const position = endgame(8, 7);
    const { brain, posted, queue, runSlice } = manualBrain();
    brain.handle({ type: 'solve', id: 1, request: solveRequest(position, RED_GREEN, true) });
    while (queue.length) runSlice();
    const values = posted.flatMap((m) => (m.type === 'moveValue' ? [m.value] : []));
    expect(values).toHaveLength(legal(position).length);
    expect(Math.min(...values)).toBe(solveExact(position, { owners: RED_GREEN, misere: true }).value);
  });

  for (const players of [3, 4] as const) {
    it(`${players} players: each legal move's final scores under max^n play after it, as the max^n solver finds them`, () => {
      const position = randomEndgame(new Game({ players, size: 6, seed: 3 }).positionCopy(), 7, 4, 'random');
      const owners = [0, 1, 2, 3].map((c) => (position.inPlay[c] ? [0, 1, 2, 3].filter((d) => position.inPlay[d]).indexOf(c) : -1));
      const { brain, posted, queue, runSlice } = manualBrain();
      brain.handle({ type: 'solve', id: 5, request: solveRequest(position, owners, false) });
      while (queue.length) runSlice();
      const answers = posted.flatMap((m) => (m.type === 'moveScores' ? [m] : []));
      expect(answers.map((m) => m.move)).toEqual(legal(position));
      for (const m of answers) {
        const after = position.clone();
        after.make(m.move);
        expect(m.scores).toEqual(solveMaxn(after, { owners }).scores);
        expect(m.scores).toHaveLength(players);
      }
      expect(posted.some((m) => m.type === 'moveValue')).toBe(false);
      expect(posted.at(-1)).toMatchObject({ type: 'solved', id: 5 });
    });
  }

  it('a cancel between moves stops the answers', () => {
    const position = endgame(9, 5);
    const { brain, posted, queue, runSlice } = manualBrain();
    brain.handle({ type: 'solve', id: 2, request: solveRequest(position, RED_GREEN, false) });
    runSlice();
    runSlice();
    brain.handle({ type: 'cancel', id: 2 });
    while (queue.length) runSlice();
    expect(posted.filter((m) => m.type === 'moveValue')).toHaveLength(2);
    expect(posted.some((m) => m.type === 'solved')).toBe(false);
    expect(brain.busy).toBe(false);
  });

  it('answers a position the solver cannot take (a colour in play owned by nobody) with the reason', () => {
    const position = endgame(9, 5);
    const { brain, posted, queue, runSlice } = manualBrain();
    brain.handle({ type: 'solve', id: 4, request: solveRequest(position, [0, -1, -1, -1], false) });
    while (queue.length) runSlice();
    expect(posted).toEqual([{ type: 'error', id: 4, message: expect.stringContaining('is in play') }]);
    expect(brain.busy).toBe(false);
  });
});

describe('SolveClient (the page side of a solve)', () => {
  /** A worker that runs the real brain, answering when the test says. */
  function fakeWorker() {
    const queue: (() => void)[] = [];
    const worker: WorkerLike = {
      onmessage: null,
      onerror: null,
      terminate: () => undefined,
      postMessage: (message) => brain.handle(message),
    };
    const brain = new WorkerBrain((m) => worker.onmessage?.({ data: m }), allSearches, (fn) => queue.push(fn), 1);
    return { worker, run: () => { while (queue.length) queue.shift()!(); } };
  }

  it('reports every move then done; a cancelled request reports nothing more', () => {
    const position = endgame(8, 2);
    const { worker, run } = fakeWorker();
    const client = new SolveClient(() => worker);
    const seen: number[] = [];
    let done = 0;
    client.solve(position, RED_GREEN, false, { value: (move) => seen.push(move), scores: () => undefined, done: () => done++, failed: (r) => { throw new Error(r); } });
    run();
    expect(seen).toHaveLength(legal(position).length);
    expect(done).toBe(1);
    const late: number[] = [];
    const solving = client.solve(position, RED_GREEN, false, { value: (move) => late.push(move), scores: () => undefined, done: () => done++, failed: () => undefined });
    solving.cancel();
    run();
    expect(late).toEqual([]);
    expect(done).toBe(1);
  });

  it('three or four players: each move\'s final scores reach scores()', () => {
    const position = randomEndgame(new Game({ players: 4, size: 6, seed: 3 }).positionCopy(), 6, 2, 'random');
    const { worker, run } = fakeWorker();
    const client = new SolveClient(() => worker);
    const seen: number[][] = [];
    let done = 0;
    client.solve(position, [0, 1, 2, 3], false, { value: () => { throw new Error('no ball difference for four players'); }, scores: (_, scores) => seen.push(scores), done: () => done++, failed: (r) => { throw new Error(r); } });
    run();
    expect(seen).toHaveLength(legal(position).length);
    expect(seen.every((s) => s.length === 4)).toBe(true);
    expect(done).toBe(1);
  });

  it('a worker error reaches failed with the reason', () => {
    const position = endgame(8, 2);
    const { worker } = fakeWorker();
    const client = new SolveClient(() => worker);
    let reason = '';
    client.solve(position, RED_GREEN, false, { value: () => undefined, scores: () => undefined, done: () => undefined, failed: (r) => (reason = r) });
    worker.onerror?.({ message: 'out of memory' });
    expect(reason).toBe('the solver stopped with an error (out of memory)');
  });
});
