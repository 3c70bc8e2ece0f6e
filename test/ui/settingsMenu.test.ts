/** The settings menu's state: toggled by its button; a control in the closed menu gives the focus back to the Menu button. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_BUTTON_ID, SETTINGS_MENU_ID, returnFocus, setMenuOpen, toggleMenu, useSettingsMenu } from '../../src/ui/hud/settingsMenu';

/** A page holding the Menu button and one control, inside the menu or not (still on the page or not). */
function page(inMenu: boolean, isConnected = true) {
  const control = { isConnected, focus: vi.fn(), closest: (selector: string) => (inMenu && selector === `#${SETTINGS_MENU_ID}` ? {} : null) };
  const menuButton = { focus: vi.fn() };
  const doc = { getElementById: (id: string) => (id === MENU_BUTTON_ID ? (menuButton as unknown as HTMLElement) : null) };
  return { control, menuButton, doc, back: () => returnFocus(control as unknown as HTMLElement, doc) };
}

describe('the settings menu', () => {
  beforeEach(() => setMenuOpen(false));

  it('opens and closes with its button', () => {
    toggleMenu();
    expect(useSettingsMenu.getState().open).toBe(true);
    toggleMenu();
    expect(useSettingsMenu.getState().open).toBe(false);
  });

  it('a control in the closed menu gives the focus to the Menu button, the menu staying closed', () => {
    const { control, menuButton, back } = page(true);
    back();
    expect(menuButton.focus).toHaveBeenCalledOnce();
    expect(control.focus).not.toHaveBeenCalled();
    expect(useSettingsMenu.getState().open).toBe(false);
  });

  it('a control in sight (menu open, or outside it) gets the focus itself', () => {
    const outside = page(false);
    outside.back();
    expect(outside.control.focus).toHaveBeenCalledOnce();
    expect(outside.menuButton.focus).not.toHaveBeenCalled();
    setMenuOpen(true);
    const inside = page(true);
    inside.back();
    expect(inside.control.focus).toHaveBeenCalledOnce();
    expect(inside.menuButton.focus).not.toHaveBeenCalled();
    expect(useSettingsMenu.getState().open).toBe(true);
  });

  it('no control, or one gone from the page, changes nothing', () => {
    const gone = page(true, false);
    gone.back();
    returnFocus(null, gone.doc);
    expect(gone.control.focus).not.toHaveBeenCalled();
    expect(gone.menuButton.focus).not.toHaveBeenCalled();
    expect(useSettingsMenu.getState()).toEqual({ open: false });
  });
});
