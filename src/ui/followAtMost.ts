/**
 * Follows a store's changes at most once per `ms`: `show` gets the store's latest state, at once
 * after a quiet spell, else when `ms` have passed since it last showed one. Returns the unsubscribe.
 * For what redraws the whole page at each change (the loading screen under software rendering).
 */
export function followAtMost<T>(store: { getState(): T; subscribe(listener: () => void): () => void }, ms: number, show: (state: T) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shownAt = -Infinity;
  const showLatest = () => {
    timer = undefined;
    shownAt = performance.now();
    show(store.getState());
  };
  const stop = store.subscribe(() => {
    timer ??= setTimeout(showLatest, Math.max(0, shownAt + ms - performance.now()));
  });
  return () => {
    stop();
    clearTimeout(timer);
  };
}
