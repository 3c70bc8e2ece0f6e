/**
 * The settings menu's open state, shared by its button, its panel and the code that hands focus
 * back to a control inside it (the tour's button when the tour is left): a control in the closed
 * menu is reached by opening the menu first, then focusing it once the panel shows.
 */
import { create } from 'zustand';

/** The id of the menu's panel (its button's aria-controls). */
export const SETTINGS_MENU_ID = 'settings-menu';

interface SettingsMenuState {
  open: boolean;
  /** The id of a control to focus as soon as the opened panel shows. */
  focusOnOpen: string | null;
}

export const useSettingsMenu = create<SettingsMenuState>(() => ({ open: false, focusOnOpen: null }));

export function setMenuOpen(open: boolean): void {
  useSettingsMenu.setState({ open, focusOnOpen: null });
}

export function toggleMenu(): void {
  setMenuOpen(!useSettingsMenu.getState().open);
}

/** The control to focus once the panel shows, taken (asked once). */
export function takeFocusOnOpen(): string | null {
  const id = useSettingsMenu.getState().focusOnOpen;
  if (id !== null) useSettingsMenu.setState({ focusOnOpen: null });
  return id;
}

/**
 * Focuses the HUD control `id`; one that lives in the closed menu opens the menu and gets the focus
 * when the panel shows. `doc` is the page (a stand-in in unit tests).
 */
export function focusControl(id: string, doc: Pick<Document, 'getElementById'> = document): void {
  const control = doc.getElementById(id);
  if (!control) return;
  if (control.closest(`#${SETTINGS_MENU_ID}`) && !useSettingsMenu.getState().open) useSettingsMenu.setState({ open: true, focusOnOpen: id });
  else control.focus();
}
