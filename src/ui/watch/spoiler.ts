/**
 * The evaluation's spoiler switch: hidden or shown as the viewer chose, remembered in localStorage.
 * With no choice made (or a bad value), it is shown, except to a person playing against the
 * computer: engine help telling them what to do stays one switch away.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { pageStorage as storage } from '../../app/page/pageStorage';
import { useSession } from '../../app/page/pageSession';
import { againstComputer } from '../../app/watch/spectator';

export const SPOILER_KEY = 'rolit.evaluation.hidden';

function storedChoice(): boolean | null {
  const value = storage()?.getItem(SPOILER_KEY);
  return value === 'true' ? true : value === 'false' ? false : null;
}

const spoiler = createStore<{ hidden: boolean | null }>()(() => ({ hidden: storedChoice() }));

export function setEvaluationHidden(hidden: boolean): void {
  spoiler.setState({ hidden });
  try {
    storage()?.setItem(SPOILER_KEY, String(hidden));
  } catch {
    // A full or blocked storage: the switch still works for this visit.
  }
}

export const useEvaluationHidden = (): boolean => {
  const chosen = useStore(spoiler, (s) => s.hidden);
  const playingTheComputer = useSession((s) => s.remote === null && againstComputer(s.seats));
  return chosen ?? playingTheComputer;
};
