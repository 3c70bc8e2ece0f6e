/**
 * Sessions of a page in online play, for unit tests: the page's own computer must never be asked
 * (the server plays the computer seats), and each session is disposed after its test.
 */
import { afterEach } from 'vitest';
import type { StoreApi } from 'zustand/vanilla';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { createSession, type SessionState } from '../../src/app/session/session';

const noComputer: ComputerPlayer = {
  think() {
    throw new Error('the page asked its own computer in online play');
  },
};

/** Call at the top of a test file; returns a maker of sessions (local seats from `search`). */
export function useOnlineSessions(): (search?: string) => StoreApi<SessionState> {
  let stores: StoreApi<SessionState>[] = [];
  afterEach(() => {
    for (const s of stores) s.getState().dispose();
    stores = [];
  });
  return (search = '?seats=human,human') => {
    const store = createSession({ computer: noComputer, levels: ['beginner'], defaultLevel: 'beginner', storage: null }, { search });
    stores.push(store);
    return store;
  };
}
