/**
 * The engine-help switch: the win chance (bar and graph), the strongest move, exact values and the
 * suggested move, hidden or shown as the viewer chose, remembered in localStorage. With no choice
 * made (or a bad value), help is shown, except to a person playing against the computer: help
 * telling them what to do stays one switch away. Online, help also needs the host's leave
 * (engineHelpShown).
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { exactValuesStore } from '../app/analysis/exactValues';
import { engineHelpShown } from '../app/session/remoteRound';
import { pageStorage as storage } from '../app/page/pageStorage';
import { useSession } from '../app/page/pageSession';
import type { SessionState } from '../app/session/session';
import { againstComputer } from '../app/watch/watched';

/** The stored choice: 'true' = help hidden (the key predates the switch covering more than the win chance). */
export const ENGINE_HELP_HIDDEN_KEY = 'rolit.evaluation.hidden';

function storedChoice(): boolean | null {
  const value = storage()?.getItem(ENGINE_HELP_HIDDEN_KEY);
  return value === 'true' ? true : value === 'false' ? false : null;
}

const choice = createStore<{ hidden: boolean | null }>()(() => ({ hidden: storedChoice() }));

export function setEngineHelpHidden(hidden: boolean): void {
  choice.setState({ hidden });
  // Exact values written on the board go with the rest of the help.
  if (hidden) exactValuesStore()?.getState().setOn(false);
  try {
    storage()?.setItem(ENGINE_HELP_HIDDEN_KEY, String(hidden));
  } catch {
    // A full or blocked storage: the switch still works for this visit.
  }
}

function hiddenFor(chosen: boolean | null, session: SessionState): boolean {
  return chosen ?? (session.turnsHere && againstComputer(session.seats));
}

/** Whether the viewer hid engine help (or has it hidden by default). */
export const useEngineHelpHidden = (): boolean => {
  const chosen = useStore(choice, (s) => s.hidden);
  const playingTheComputer = useSession((s) => hiddenFor(null, s));
  return chosen ?? playingTheComputer;
};

/** Whether engine help shows: not hidden by the viewer, and allowed by an online room's host. */
export const useEngineHelp = (): boolean => {
  const hidden = useEngineHelpHidden();
  const allowed = useSession(engineHelpShown);
  return allowed && !hidden;
};

/** useEngineHelp outside React, for a session's state (the evaluation's search runs only while it is true). */
export function engineHelpIn(session: SessionState): boolean {
  return engineHelpShown(session) && !hiddenFor(choice.getState().hidden, session);
}

/** useEngineHelp outside React (the keyboard's commands). */
export const engineHelpNow = (): boolean => engineHelpIn(useSession.getState());

/** Calls `listener` when the viewer switches engine help on or off. */
export const onEngineHelpChoice = (listener: () => void): (() => void) => choice.subscribe(listener);
