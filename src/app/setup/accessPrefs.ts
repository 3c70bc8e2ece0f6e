/**
 * The viewer's accessibility choices, kept in localStorage (`rolit.access.v1`): colour symbols on
 * the balls, reduced motion, and which single-key shortcuts are turned off (WCAG 2.1.4). Symbols
 * and reduced motion follow the operating system (prefers-contrast: more, prefers-reduced-motion)
 * until the viewer chooses. A stored value that cannot be used is reported and replaced.
 */
import { create } from 'zustand';
import { quote } from '../../engine/excerpt';

export const ACCESS_KEY = 'rolit.access.v1';

export interface AccessPrefs {
  /** null: follow the operating system. */
  symbols: boolean | null;
  reducedMotion: boolean | null;
  /** Ids of shortcuts turned off. */
  disabledShortcuts: string[];
}

export const DEFAULT_ACCESS: AccessPrefs = { symbols: null, reducedMotion: null, disabledShortcuts: [] };

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** Reads stored prefs; `problems` names each stored field that was replaced by its default. */
export function parseAccessPrefs(text: string | null): { prefs: AccessPrefs; problems: string[] } {
  if (text === null) return { prefs: { ...DEFAULT_ACCESS }, problems: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { prefs: { ...DEFAULT_ACCESS }, problems: [`${ACCESS_KEY} is not JSON; the defaults apply`] };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { prefs: { ...DEFAULT_ACCESS }, problems: [`${ACCESS_KEY} is not an object; the defaults apply`] };
  const r = raw as Record<string, unknown>;
  const problems: string[] = [];
  const shown = (v: unknown) => quote(typeof v === 'string' ? v : JSON.stringify(v));
  const flag = (name: 'symbols' | 'reducedMotion'): boolean | null => {
    const v = r[name];
    if (v === undefined || v === null || typeof v === 'boolean') return (v as boolean | null | undefined) ?? null;
    problems.push(`${ACCESS_KEY}.${name} is ${shown(v)}, not true, false or null; following the operating system`);
    return null;
  };
  const symbols = flag('symbols');
  const reducedMotion = flag('reducedMotion');
  const list = r.disabledShortcuts;
  let disabledShortcuts: string[] = [];
  if (Array.isArray(list) && list.every((x) => typeof x === 'string' && x.length <= 40)) disabledShortcuts = list as string[];
  else if (list !== undefined) problems.push(`${ACCESS_KEY}.disabledShortcuts is ${shown(list)}, not a list of shortcut names; all shortcuts are on`);
  return { prefs: { symbols, reducedMotion, disabledShortcuts }, problems };
}

function pageStorage(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function osAsks(query: string): boolean {
  return typeof matchMedia === 'function' && matchMedia(query).matches;
}

export interface AccessStore extends AccessPrefs {
  set(change: Partial<AccessPrefs>): void;
}

export function createAccessStore(storage: Store | null = pageStorage()) {
  const { prefs, problems } = parseAccessPrefs(storage?.getItem(ACCESS_KEY) ?? null);
  for (const p of problems) console.warn(p);
  return create<AccessStore>((set, get) => ({
    ...prefs,
    set(change) {
      set(change);
      const { symbols, reducedMotion, disabledShortcuts } = get();
      try {
        storage?.setItem(ACCESS_KEY, JSON.stringify({ symbols, reducedMotion, disabledShortcuts }));
      } catch {
        // A full or blocked storage only means the choice is not remembered.
      }
    },
  }));
}

export const useAccess = createAccessStore();

/** Whether the colour symbols are drawn: the viewer's choice, else the OS's contrast request. */
export const symbolsOn = (p: AccessPrefs) => p.symbols ?? osAsks('(prefers-contrast: more)');
export const reducedMotionOn = (p: AccessPrefs) => p.reducedMotion ?? osAsks('(prefers-reduced-motion: reduce)');

/** With reduced motion the board's animations play this much faster (shorter rolls, no long throw). */
export const REDUCED_MOTION_SPEEDUP = 3;

/** The director's speed for the viewer's speed setting. */
export function animationSpeed(speed: number, prefs: AccessPrefs): number {
  return reducedMotionOn(prefs) ? speed * REDUCED_MOTION_SPEEDUP : speed;
}
