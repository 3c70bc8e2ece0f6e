import { describe, expect, it, vi } from 'vitest';
import { ACCESS_KEY, createAccessStore, parseAccessPrefs } from '../../src/app/setup/accessPrefs';

function memory(initial: Record<string, string> = {}) {
  const data = { ...initial };
  return { data, getItem: (k: string) => data[k] ?? null, setItem: (k: string, v: string) => void (data[k] = v) };
}

describe('accessibility preferences', () => {
  it('start from the operating system (null) with every shortcut on', () => {
    expect(parseAccessPrefs(null)).toEqual({ prefs: { symbols: null, reducedMotion: null, disabledShortcuts: [] }, problems: [] });
  });

  it('name each bad stored field and keep the good ones', () => {
    const { prefs, problems } = parseAccessPrefs(JSON.stringify({ symbols: 'yes', reducedMotion: true, disabledShortcuts: [3] }));
    expect(prefs).toEqual({ symbols: null, reducedMotion: true, disabledShortcuts: [] });
    expect(problems).toEqual([
      `${ACCESS_KEY}.symbols is "yes", not true, false or null; following the operating system`,
      `${ACCESS_KEY}.disabledShortcuts is "[3]", not a list of shortcut names; all shortcuts are on`,
    ]);
    expect(parseAccessPrefs('{').problems).toEqual([`${ACCESS_KEY} is not JSON; the defaults apply`]);
    expect(parseAccessPrefs('[]').problems).toEqual([`${ACCESS_KEY} is not an object; the defaults apply`]);
  });

  it('remember a choice (a turned-off shortcut, symbols) for the next visit', () => {
    const storage = memory();
    createAccessStore(storage).getState().set({ disabledShortcuts: ['undo'], symbols: true });
    const again = createAccessStore(storage).getState();
    expect(again.disabledShortcuts).toEqual(['undo']);
    expect(again.symbols).toBe(true);
  });

  it('report bad storage once on loading', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    createAccessStore(memory({ [ACCESS_KEY]: 'not json' }));
    expect(warn).toHaveBeenCalledWith(`${ACCESS_KEY} is not JSON; the defaults apply`);
    warn.mockRestore();
  });
});
