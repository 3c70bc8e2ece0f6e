/**
 * Web Worker entry of the computer players (a module worker). Create it with
 *   new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
 * (client.ts does). All logic is in WorkerBrain (worker-brain.ts).
 *
 * It starts with the one-move levels alone (searches.ts), so a page whose computers play those
 * (a newcomer's first game) fetches a small script; the first request that needs more (a level
 * that looks ahead, the evaluation, exact values) fetches every search (allSearches.ts).
 */
import type { ToWorker } from './messages';
import { oneMoveSearches } from './searches';
import { handlerLoadingSearches, WorkerBrain } from './worker-brain';

const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};
const brain = new WorkerBrain((message) => scope.postMessage(message), oneMoveSearches);
const handle = handlerLoadingSearches(
  brain,
  () => import('./allSearches').then((m) => m.allSearches),
  (error) => console.error("the computer players' searches could not be loaded", error),
);
scope.onmessage = (event) => handle(event.data);
