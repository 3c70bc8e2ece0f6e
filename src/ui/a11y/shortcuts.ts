/**
 * The page's single-key shortcuts: one table, read by the key handler and the help overlay.
 * Each can be turned off (WCAG 2.1.4); the arrow keys, Enter, Space, Escape and Tab are not
 * single-character shortcuts and always work.
 */
import type { Colour } from '../../engine/index';
import { t } from '../../i18n/index';

export type ShortcutId =
  | 'help' | 'undo' | 'suggest' | 'hints' | 'skip' | 'step' | 'views' | 'topView'
  | 'readScore' | 'readTurn' | 'readLast' | 'readLegal' | 'readRow' | 'readColumn' | 'readBalls' | 'strongest';

export interface Shortcut {
  id: ShortcutId;
  /** The keys as shown in the help. */
  keys: string;
  description: string;
}

/** A shortcut whose description (the a11y namespace's `shortcut.<id>`) is read in the current language each time it is shown. */
const entry = (id: ShortcutId, keys: string): Shortcut => ({
  id,
  keys,
  get description() {
    return t(`a11y:shortcut.${id}`);
  },
});

export const SHORTCUTS: readonly Shortcut[] = [
  entry('help', '?'),
  entry('undo', 'U'),
  entry('suggest', 'S'),
  entry('hints', 'H'),
  entry('skip', 'K'),
  entry('step', 'N'),
  entry('views', '1 2 3 4'),
  entry('topView', '0'),
  entry('readScore', 'C'),
  entry('readTurn', 'W'),
  entry('readLast', 'L'),
  entry('readLegal', 'M'),
  entry('readRow', 'R'),
  entry('readColumn', 'O'),
  entry('readBalls', 'Shift+1 … Shift+4'),
  entry('strongest', 'A'),
];

const BALLS_BY_DIGIT: Record<string, Colour> = { Digit1: 'red', Digit2: 'yellow', Digit3: 'green', Digit4: 'blue' };

/** The shortcut a key press asks for (and its argument), or null. Modifier chords other than Shift are never shortcuts. */
export function shortcutOf(e: { key: string; code: string; shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean }):
  | { id: ShortcutId; seat?: number; colour?: Colour }
  | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  if (e.key === '?') return { id: 'help' };
  if (e.shiftKey) return BALLS_BY_DIGIT[e.code] ? { id: 'readBalls', colour: BALLS_BY_DIGIT[e.code] } : null;
  if (/^[1-4]$/.test(e.key)) return { id: 'views', seat: Number(e.key) - 1 };
  const byKey: Record<string, ShortcutId> = { u: 'undo', s: 'suggest', h: 'hints', k: 'skip', n: 'step', '0': 'topView', c: 'readScore', w: 'readTurn', l: 'readLast', m: 'readLegal', r: 'readRow', o: 'readColumn', a: 'strongest' };
  const id = byKey[e.key.toLowerCase()];
  return id ? { id } : null;
}
