/** The evaluation's spoiler switch: hidden or shown, remembered in localStorage (a bad value: shown). */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { pageStorage as storage } from '../../app/page/pageStorage';

export const SPOILER_KEY = 'rolit.evaluation.hidden';

const spoiler = createStore<{ hidden: boolean }>()(() => ({ hidden: storage()?.getItem(SPOILER_KEY) === 'true' }));

export function setEvaluationHidden(hidden: boolean): void {
  spoiler.setState({ hidden });
  try {
    storage()?.setItem(SPOILER_KEY, String(hidden));
  } catch {
    // A full or blocked storage: the switch still works for this visit.
  }
}

export const useEvaluationHidden = (): boolean => useStore(spoiler, (s) => s.hidden);
