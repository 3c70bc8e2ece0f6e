/**
 * Whether the Play online dialog is open, shared by the controls that open it (the toolbar's menu,
 * the new-game dialog, the first-visit rules) and the page that shows it (App, which loads the
 * dialog only when it is first opened). `opener` is the control that opened it: the dialog's code
 * may arrive after the menu holding that control has closed, so the dialog starts from it
 * (returnFocus: the Menu button for a control of the closed menu) and gives the focus back there.
 */
import { create } from 'zustand';

export const usePlayOnline = create<{ open: boolean; opener: HTMLElement | null }>(() => ({ open: false, opener: null }));

export function openPlayOnline(opener: HTMLElement | null): void {
  usePlayOnline.setState({ open: true, opener });
}

export function closePlayOnline(): void {
  usePlayOnline.setState({ open: false, opener: null });
}
