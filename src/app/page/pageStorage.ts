/** localStorage, or null where the browser blocks it (private modes, sandboxed frames) or there is none (Node). */
export function pageStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
