/**
 * The browser worker's start (src/ai/browser/searches.ts, handlerLoadingSearches in worker-brain.ts): the one-move levels answer at once; the
 * first request that needs more loads every search, the messages meanwhile wait in order, and a
 * load that fails is tried again.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine';
import { allSearches } from '../../src/ai/browser/allSearches';
import { type FromWorker, thinkRequest, type ToWorker } from '../../src/ai/browser/messages';
import { oneMoveSearches, type Searches } from '../../src/ai/browser/searches';
import { handlerLoadingSearches, WorkerBrain } from '../../src/ai/browser/worker-brain';

const game = new Game({ players: 4, seed: 2 });
const think = (id: number, level: string): ToWorker => ({ type: 'think', id, request: thinkRequest(game.positionCopy(), [0, 1, 2, 3], false, { seed: 1, level, iterations: 50 }) });

/** A worker's start with a load of every search the test settles by hand; slices run from a manual queue. */
function startingWorker() {
  const posted: FromWorker[] = [];
  const queue: (() => void)[] = [];
  const brain = new WorkerBrain((m) => posted.push(m), oneMoveSearches, (fn) => queue.push(fn), 1);
  const loads: { resolve: (s: Searches) => void; reject: (e: unknown) => void }[] = [];
  const errors: unknown[] = [];
  const handle = handlerLoadingSearches(brain, () => new Promise<Searches>((resolve, reject) => loads.push({ resolve, reject })), (e) => errors.push(e));
  const run = () => {
    while (queue.length) queue.shift()!();
  };
  const settle = () => new Promise((done) => setTimeout(done, 0));
  return { posted, handle, loads, errors, run, settle };
}

const answers = (posted: FromWorker[]) => posted.filter((m) => m.type !== 'progress').map((m) => `${m.type} ${m.id}`);

describe("the browser worker's searches", () => {
  it('answers the one-move levels without loading the others', () => {
    const { posted, handle, loads, run } = startingWorker();
    for (const [id, level] of ['beginner', 'greedy', 'tactician'].entries()) {
      handle(think(id, level));
      run();
    }
    expect(answers(posted)).toEqual(['move 0', 'move 1', 'move 2']);
    expect(loads).toHaveLength(0);
  });

  it('loads every search for a level that looks ahead, an evaluation or a solve; what arrives meanwhile waits, in order', async () => {
    const { posted, handle, loads, run, settle } = startingWorker();
    handle(think(1, 'master'));
    handle(think(2, 'tactician'));
    handle({ ...think(3, 'master'), type: 'evaluate' } as ToWorker);
    expect(loads).toHaveLength(1);
    run();
    expect(posted).toEqual([]);
    loads[0].resolve(allSearches);
    await settle();
    run();
    // The master's search was replaced by the tactician's, which was replaced by the evaluation.
    expect(answers(posted)).toEqual(['evaluation 3']);
    handle(think(4, 'strategist'));
    run();
    expect(answers(posted)).toEqual(['evaluation 3', 'move 4']);
    expect(loads).toHaveLength(1);
  });

  it('a load that fails answers the waiting requests with an error and is tried again at the next one', async () => {
    const { posted, handle, loads, errors, run, settle } = startingWorker();
    handle(think(1, 'master'));
    loads[0].reject(new Error('offline'));
    await settle();
    run();
    expect(errors).toEqual([new Error('offline')]);
    expect(posted).toEqual([{ type: 'error', id: 1, message: expect.stringContaining('not a one-move level') }]);
    handle(think(2, 'master'));
    expect(loads).toHaveLength(2);
    loads[1].resolve(allSearches);
    await settle();
    run();
    expect(answers(posted)).toEqual(['error 1', 'move 2']);
  });
});
