/** The settings menu's state: toggled by its button, and opened to reach a control that lives in it. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_MENU_ID, focusControl, setMenuOpen, takeFocusOnOpen, toggleMenu, useSettingsMenu } from '../../src/ui/hud/settingsMenu';

/** A page holding one control, inside the menu or not. */
function page(inMenu: boolean) {
  const control = { focus: vi.fn(), closest: (selector: string) => (inMenu && selector === `#${SETTINGS_MENU_ID}` ? {} : null) };
  return { control, doc: { getElementById: (id: string) => (id === 'tour-button' ? (control as unknown as HTMLElement) : null) } };
}

describe('the settings menu', () => {
  beforeEach(() => setMenuOpen(false));

  it('opens and closes with its button', () => {
    toggleMenu();
    expect(useSettingsMenu.getState().open).toBe(true);
    toggleMenu();
    expect(useSettingsMenu.getState().open).toBe(false);
  });

  it('a control in the closed menu opens it and gets the focus once the panel shows', () => {
    const { control, doc } = page(true);
    focusControl('tour-button', doc);
    expect(useSettingsMenu.getState().open).toBe(true);
    expect(control.focus).not.toHaveBeenCalled();
    expect(takeFocusOnOpen()).toBe('tour-button');
    expect(takeFocusOnOpen()).toBe(null); // asked once
  });

  it('a control already in sight (menu open, or outside it) is focused at once', () => {
    const outside = page(false);
    focusControl('tour-button', outside.doc);
    expect(outside.control.focus).toHaveBeenCalledOnce();
    expect(useSettingsMenu.getState().open).toBe(false);
    setMenuOpen(true);
    const inside = page(true);
    focusControl('tour-button', inside.doc);
    expect(inside.control.focus).toHaveBeenCalledOnce();
    expect(takeFocusOnOpen()).toBe(null);
  });

  it('an unknown control changes nothing', () => {
    focusControl('nothing', page(true).doc);
    expect(useSettingsMenu.getState()).toEqual({ open: false, focusOnOpen: null });
  });
});
