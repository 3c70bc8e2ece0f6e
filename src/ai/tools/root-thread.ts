/**
 * Worker-thread entry of a root-parallel arena entrant (root-parallel-player.ts): the browser
 * worker's WorkerBrain, speaking the same messages, with arena entrants (entrants.ts) in place
 * of levels, so tuned searches (master:epsilon=0.3) run root-parallel too.
 */
import { parentPort } from 'node:worker_threads';
import type { ToWorker } from '../browser/messages';
import { allSearches } from '../browser/allSearches';
import { WorkerBrain } from '../browser/worker-brain';
import { entrantSearcher } from './entrants';

const port = parentPort!;
const brain = new WorkerBrain((message) => port.postMessage(message), {
  ...allSearches,
  create: (position, options) => {
    const create = entrantSearcher(options.level ?? '');
    if (typeof create === 'string') throw new Error(create);
    return create(position, options);
  },
});
port.on('message', (message: ToWorker) => brain.handle(message));
