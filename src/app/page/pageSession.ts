/** The page's session: created once by main.tsx (tests create their own with createSession). */
import type { StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { pageOwned } from './pageOwned';
import { createSession, type SessionDeps, type SessionStart, type SessionState } from '../session/session';

const pageSession = pageOwned<StoreApi<SessionState>>('the session', 'initSession', (earlier) => earlier.getState().dispose());

/** Creates the page's session, disposing of any earlier one. */
export function initSession(deps: SessionDeps, start: SessionStart = {}): StoreApi<SessionState> {
  return pageSession.start(() => createSession(deps, start));
}

export function sessionStore(): StoreApi<SessionState> {
  return pageSession.current();
}

/**
 * React hook on the page's session: `useSession((s) => s.snapshot)`. Also, outside React,
 * `useSession.getState()` and `useSession.subscribe(listener)`.
 */
export const useSession = Object.assign(<T>(selector: (state: SessionState) => T): T => useStore(sessionStore(), selector), {
  getState: (): SessionState => sessionStore().getState(),
  subscribe: (listener: (state: SessionState, previous: SessionState) => void): (() => void) => sessionStore().subscribe(listener),
});
