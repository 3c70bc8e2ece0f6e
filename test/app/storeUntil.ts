import type { StoreApi } from 'zustand/vanilla';

/** Resolves when `test` holds for the store's state, or fails after `ms` saying what it waited for and the state then. */
export function until<S>(store: StoreApi<S>, test: (s: S) => boolean, what: string, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (test(store.getState())) return resolve();
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(store.getState())}`));
    }, ms);
    const stop = store.subscribe((s) => {
      if (!test(s)) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}
