/**
 * The modal dialogs open on the page, innermost last. Only the innermost takes Escape; while any
 * pausing dialog is open the game waits (App passes that to the session's setPaused).
 */
import { create } from 'zustand';

interface OpenDialog {
  id: number;
  /** False for a dialog that lets the game run (the Clip dialog plays the replay while recording). */
  pauses: boolean;
}

export const useOpenDialogs = create<{ open: readonly OpenDialog[] }>(() => ({ open: [] }));

let nextId = 1;

/** Registers an opened dialog; returns its id for isInnermost and closedDialog. */
export function openedDialog(pauses: boolean): number {
  const id = nextId++;
  useOpenDialogs.setState((s) => ({ open: [...s.open, { id, pauses }] }));
  return id;
}

export function closedDialog(id: number): void {
  useOpenDialogs.setState((s) => ({ open: s.open.filter((d) => d.id !== id) }));
}

export function isInnermost(id: number): boolean {
  const open = useOpenDialogs.getState().open;
  return open[open.length - 1]?.id === id;
}

/** Whether the game waits for a dialog. */
export function anyPausingDialog(s: { open: readonly OpenDialog[] }): boolean {
  return s.open.some((d) => d.pauses);
}
