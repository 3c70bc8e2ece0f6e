/** localStorage, or null where the browser blocks it (private modes, sandboxed frames) or there is none (Node). */
export function pageStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** sessionStorage (this tab's, kept across its reloads), or null where the browser blocks it. */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
