/** Waits until `test` holds, checking every `everyMs` (the resolution of a figure timed with it); rejects after `ms` naming `what` it waited for. */
export function until(test: () => boolean, what: string, ms: number, everyMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const end = Date.now() + ms;
    const poll = setInterval(() => {
      if (test()) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() > end) {
        clearInterval(poll);
        reject(new Error(`timed out waiting for ${what}`));
      }
    }, everyMs);
  });
}
