/**
 * Whether the Play online dialog is open, shared by the controls that open it (the toolbar's menu,
 * the new-game dialog, the first-visit rules) and the page that shows it (App, which loads the
 * dialog only when it is first opened).
 */
import { create } from 'zustand';

export const usePlayOnline = create<{ open: boolean }>(() => ({ open: false }));

export function setPlayOnlineOpen(open: boolean): void {
  usePlayOnline.setState({ open });
}
