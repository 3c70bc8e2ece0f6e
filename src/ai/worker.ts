/**
 * Web Worker entry of the computer players (a module worker). Create it with
 *   new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
 * (client.ts does). All logic is in WorkerBrain (worker-protocol.ts).
 */
import { type ToWorker, WorkerBrain } from './worker-protocol';

const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};
const brain = new WorkerBrain((message) => scope.postMessage(message));
scope.onmessage = (event) => brain.handle(event.data);
