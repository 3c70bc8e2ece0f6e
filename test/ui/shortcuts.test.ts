import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutOf } from '../../src/ui/a11y/shortcuts';

const key = (k: string, code = '', shiftKey = false, ctrlKey = false) => ({ key: k, code, shiftKey, ctrlKey, altKey: false, metaKey: false });

describe('single-key shortcuts', () => {
  it('map keys to the listed shortcuts', () => {
    expect(shortcutOf(key('u'))).toEqual({ id: 'undo' });
    expect(shortcutOf(key('U'))).toEqual({ id: 'undo' });
    expect(shortcutOf(key('?', 'Slash', true))).toEqual({ id: 'help' });
    expect(shortcutOf(key('3', 'Digit3'))).toEqual({ id: 'views', seat: 2 });
    expect(shortcutOf(key('0', 'Digit0'))).toEqual({ id: 'topView' });
    expect(shortcutOf(key('@', 'Digit2', true))).toEqual({ id: 'readBalls', colour: 'yellow' });
  });

  it('leave browser chords and unlisted keys alone', () => {
    expect(shortcutOf(key('r', 'KeyR', false, true))).toBeNull();
    expect(shortcutOf(key('q'))).toBeNull();
    expect(shortcutOf(key('Enter'))).toBeNull();
  });

  it('every shortcut a key can produce is listed in the help', () => {
    const listed = new Set(SHORTCUTS.map((s) => s.id));
    for (const k of 'abcdefghijklmnopqrstuvwxyz0123456789?') expect(listed.has(shortcutOf(key(k))?.id ?? 'help')).toBe(true);
  });
});
