/** The page's guided tour: its store (step remembered in localStorage) and the `tour` URL parameter. */
import type { StoreApi } from 'zustand/vanilla';
import { reducedMotionOn, useAccess } from '../app/setup/accessPrefs';
import { useSession } from '../app/page/pageSession';
import { pageStorage } from '../app/page/pageStorage';
import { pageDirector } from '../director/store';
import type { SessionState } from '../app/session/session';
import { useCamera } from '../scene/cameraStore';
import { startTourDriver } from './tourDriver';
import { createTourStore } from './tourStore';

export const useTour = createTourStore(pageStorage());

/** Whether the query string asks for the tour (`?tour`), and the query string without it (the session reads the rest). */
export function readTour(search: string): { open: boolean; rest: string } {
  const params = new URLSearchParams(search);
  if (!params.has('tour')) return { open: false, rest: search };
  params.delete('tour');
  return { open: true, rest: params.toString() ? `?${params}` : '' };
}

/**
 * Plays the board's round from its start again: the start balls, then the start ball thrown
 * under physics. The director follows the same engine events from an empty log, so the colour
 * thrown and the throw's seed are the round's own: the same throw every time. With reduced
 * motion nothing is replayed (the thrown ball already lies showing its result).
 */
export function playThrow(): void {
  if (reducedMotionOn(useAccess.getState())) return;
  const { director } = pageDirector();
  director.sync([]);
  director.sync(useSession.getState().snapshot.events);
}

/** Runs the tour on the page's session; `open` starts it at once (the URL asked), in place of the first visit's rules panel. */
export function initTour(session: StoreApi<SessionState>, open: boolean): void {
  startTourDriver(session, useTour, useCamera, playThrow);
  if (!open) return;
  session.getState().rulesSeen();
  useTour.getState().start();
}
