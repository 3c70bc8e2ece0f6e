import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine';
import { chooseMove, createSearcher } from '../../src/ai';
import { type FromWorker, positionFromRequest, type ThinkRequest, thinkRequest, type ToWorker, type WorkerLike } from '../../src/ai/browser/messages';
import { RootParallelWorker, searchWorkerCount } from '../../src/ai/browser/rootParallelWorker';
import { allSearches } from '../../src/ai/browser/allSearches';
import { WorkerBrain } from '../../src/ai/browser/worker-brain';
import { MctsSearcher } from '../../src/ai/mcts';
import { mergeRootStats, type RootStats, searchSeed } from '../../src/ai/rootStats';

function request(overrides: Partial<ThinkRequest> = {}): ThinkRequest {
  const game = new Game({ players: 4, seed: 5 });
  game.play(game.legalMoves()[0]);
  return { ...thinkRequest(game.positionCopy(), [0, 1, 2, 3], false, { seed: 3, level: 'master' }), ...overrides };
}

/** n workers, each a WorkerBrain whose slices run from one manual queue; what each received is kept. */
function pool(n: number) {
  const queue: (() => void)[] = [];
  const received: ToWorker[][] = [];
  const workers: WorkerLike[] = Array.from({ length: n }, (_, i) => {
    received.push([]);
    const worker: WorkerLike = {
      onmessage: null,
      onerror: null,
      postMessage: (m) => {
        received[i].push(m);
        brain.handle(m);
      },
      terminate: () => {},
    };
    const brain = new WorkerBrain((m) => worker.onmessage?.({ data: m }), allSearches, (fn) => queue.push(fn), 1);
    return worker;
  });
  const parallel = new RootParallelWorker(workers);
  const answers: FromWorker[] = [];
  parallel.onmessage = (e) => answers.push(e.data);
  return { parallel, answers, queue, received, runAll: () => { while (queue.length) queue.shift()!(); } };
}

const stats = (moves: number[], visits: number[], rewards: number[], solved = -1): RootStats => ({ moves, visits, rewards, solved });

describe('mergeRootStats', () => {
  it('picks the move with the most visits summed over the searches, not the most visited in one', () => {
    // Search 1 prefers 10 (60 visits), search 2 prefers 12; summed, 11 has the most (50 + 50).
    expect(mergeRootStats([stats([10, 11, 12], [60, 50, 0], [30, 25, 0]), stats([10, 11, 12], [0, 50, 60], [0, 20, 30])])).toBe(11);
  });

  it('breaks a tie in visits by the higher mean reward, then by the earlier move', () => {
    expect(mergeRootStats([stats([1, 2], [10, 10], [3, 7])])).toBe(2);
    expect(mergeRootStats([stats([1, 2], [10, 10], [5, 5])])).toBe(1);
  });

  it("an exact solver's move wins over any visit count", () => {
    expect(mergeRootStats([stats([1, 2], [100, 0], [50, 0]), stats([1, 2], [0, 0], [0, 0], 2)])).toBe(2);
  });

  it('says so when there is nothing to merge', () => {
    expect(() => mergeRootStats([])).toThrow(/no root statistics/);
  });
});

describe('searchWorkerCount', () => {
  it('leaves one core to the page and uses at most four', () => {
    expect([undefined, 1, 2, 3, 4, 5, 16].map(searchWorkerCount)).toEqual([1, 1, 1, 2, 3, 4, 4]);
  });
});

describe('RootParallelWorker', () => {
  it('sends the master to every worker with its own seed and answers the merged root statistics', () => {
    const r = request({ iterations: 600 });
    const { parallel, answers, received, runAll } = pool(3);
    parallel.postMessage({ type: 'think', id: 4, request: r });
    runAll();
    expect(received.map((msgs) => (msgs[0] as { request: ThinkRequest }).request.seed)).toEqual([0, 1, 2].map((i) => searchSeed(3, i)));
    expect(new Set([0, 1, 2].map((i) => searchSeed(3, i))).size).toBe(3);
    // The same three searches run directly, merged.
    const direct = [0, 1, 2].map((i) => {
      const s = createSearcher(positionFromRequest(r), { level: 'master', iterations: 600, seed: searchSeed(3, i), owners: r.owners }) as MctsSearcher;
      while (!s.step(Infinity));
      return s.rootStats();
    });
    expect(answers.filter((a) => a.type !== 'progress')).toEqual([expect.objectContaining({ type: 'move', id: 4, move: mergeRootStats(direct), work: 1800 })]);
  });

  it('with one worker plays exactly the one-thread master', () => {
    const r = request({ iterations: 800 });
    const { parallel, answers, runAll } = pool(1);
    parallel.postMessage({ type: 'think', id: 1, request: r });
    runAll();
    const expected = chooseMove(positionFromRequest(r), { level: 'master', iterations: 800, seed: 3, owners: r.owners });
    expect(answers.filter((a) => a.type !== 'progress')).toEqual([expect.objectContaining({ type: 'move', move: expected, work: 800 })]);
  });

  it('move now: every worker stops at its next slice and the merged move comes at once', () => {
    const { parallel, answers, queue } = pool(2);
    parallel.postMessage({ type: 'think', id: 2, request: request({ movetime: 600_000 }) });
    for (let i = 0; i < 6; i++) queue.shift()!();
    expect(answers.filter((a) => a.type === 'move')).toEqual([]);
    parallel.postMessage({ type: 'stop', id: 2 });
    // One slice each (both workers' next slices are the next two in the queue).
    queue.shift()!();
    queue.shift()!();
    expect(answers.filter((a) => a.type === 'move')).toEqual([expect.objectContaining({ id: 2 })]);
    expect(queue).toHaveLength(0);
  });

  it('cancel: no worker answers', () => {
    const { parallel, answers, queue, runAll } = pool(2);
    parallel.postMessage({ type: 'think', id: 5, request: request({ movetime: 600_000 }) });
    queue.shift()!();
    parallel.postMessage({ type: 'cancel', id: 5 });
    runAll();
    expect(answers.filter((a) => a.type !== 'progress')).toEqual([]);
  });

  it('other levels and other requests go to the first worker only', () => {
    const { parallel, answers, received, runAll } = pool(3);
    parallel.postMessage({ type: 'think', id: 6, request: request({ level: 'tactician' }) });
    parallel.postMessage({ type: 'evaluate', id: 7, request: request({ iterations: 50 }) });
    runAll();
    expect(received.map((msgs) => msgs.length)).toEqual([2, 0, 0]);
    expect(answers.map((a) => a.type)).toEqual(['evaluation']); // the evaluate replaced the tactician's search
  });

  it('an error from any worker reaches the client', () => {
    const { parallel, answers, runAll } = pool(2);
    parallel.postMessage({ type: 'think', id: 8, request: request({ iterations: 0 }) });
    runAll();
    expect(answers[0]).toMatchObject({ type: 'error', id: 8, message: expect.stringMatching(/iterations/) });
  });
});
