/**
 * Resolves in a later task of the event loop, so that long work done in slices leaves the main
 * thread free in between (for input, frames and other start-up work): the browser's
 * scheduler.yield() where there is one (it keeps the work's place in line), else a timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
