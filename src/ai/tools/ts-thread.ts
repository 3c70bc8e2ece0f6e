import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript entry: it registers tsx's loader in the thread (Node does
 * not pass a loader registered with module.register on to worker threads), then imports it.
 */
export function startTsThread(entry: URL, workerData?: unknown): Worker {
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

/** A worker thread on `entry`: a TypeScript source through tsx, built JavaScript as it is. */
export function startThread(entry: URL, workerData?: unknown): Worker {
  return entry.pathname.endsWith('.ts') ? startTsThread(entry, workerData) : new Worker(entry, { workerData });
}
