/** The page's guided tour: its store (step remembered in localStorage) and the `tour` URL parameter. */
import type { StoreApi } from 'zustand/vanilla';
import { pageStorage } from '../app/pageStorage';
import type { SessionState } from '../app/session';
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

/** Runs the tour on the page's session; `open` starts it at once (the URL asked), in place of the first visit's rules panel. */
export function initTour(session: StoreApi<SessionState>, open: boolean): void {
  startTourDriver(session, useTour, useCamera);
  if (!open) return;
  session.getState().rulesSeen();
  useTour.getState().start();
}
