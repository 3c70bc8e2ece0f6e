/**
 * Web Worker entry of the computer players (a module worker). Create it with
 *   new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
 * (client.ts does). All logic is in WorkerBrain (worker-brain.ts).
 */
import type { ToWorker } from './messages';
import { WorkerBrain } from './worker-brain';

const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};
const brain = new WorkerBrain((message) => scope.postMessage(message));
scope.onmessage = (event) => brain.handle(event.data);
