/**
 * The scene's heaviest pieces (the board's geometry, the balls' geometry, the table's wood) built
 * ahead, one per task, while the 3D view is still loading: otherwise they are built inside the
 * scene's first render, one task with the renderer's start that holds the page for hundreds of
 * milliseconds on a slow machine. A component takes its piece once (a remounted scene builds its own).
 */
const ahead = new Map<() => unknown, unknown>();

/**
 * Resolves in a task behind those already waiting (a timer, where nextTask.ts keeps the work's place
 * in line): for work in slices that gives way to the rest of the start (the pieces built here, the
 * shader warm-up's steps).
 */
export const taskAfterOthers = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Builds each of `makers` in a task of its own, for builtAhead to hand out. */
export async function buildAhead(makers: (() => unknown)[]): Promise<void> {
  for (const make of makers) {
    await taskAfterOthers();
    ahead.set(make, make());
  }
}

/** What `make` built ahead, taken (so it is handed out once), else a new one. */
export function builtAhead<T>(make: () => T): T {
  if (!ahead.has(make)) return make();
  const built = ahead.get(make) as T;
  ahead.delete(make);
  return built;
}
