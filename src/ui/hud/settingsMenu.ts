/**
 * The settings menu's open state, shared by its button, its panel and the code that gives the focus
 * back to a control that lives in it (the one that opened a dialog or the tour): once the menu is
 * closed, such a control hands the focus to the Menu button instead.
 */
import { create } from 'zustand';

/** The id of the menu's panel (its button's aria-controls). */
export const SETTINGS_MENU_ID = 'settings-menu';

/** The id of the Menu button (the disclosure's button). */
export const MENU_BUTTON_ID = 'menu-button';

export const useSettingsMenu = create<{ open: boolean }>(() => ({ open: false }));

export function setMenuOpen(open: boolean): void {
  useSettingsMenu.setState({ open });
}

export function toggleMenu(): void {
  setMenuOpen(!useSettingsMenu.getState().open);
}

/**
 * Gives the focus back to a HUD control (the opener of a dialog that closed, the tour's button when
 * the tour is left). A control inside the closed menu (its actions close it as they open their
 * dialog) hands it to the Menu button: the menu stays closed and the board in full view. `doc` is
 * the page (a stand-in in unit tests).
 */
export function returnFocus(control: HTMLElement | null, doc: Pick<Document, 'getElementById'> = document): void {
  if (!control?.isConnected) return;
  if (!useSettingsMenu.getState().open && control.closest(`#${SETTINGS_MENU_ID}`)) doc.getElementById(MENU_BUTTON_ID)?.focus();
  else control.focus();
}
