/**
 * The page's single-key shortcuts: one table, read by the key handler and the help overlay.
 * Each can be turned off (WCAG 2.1.4); the arrow keys, Enter, Space, Escape and Tab are not
 * single-character shortcuts and always work.
 */
import type { Colour } from '../../engine/index';
import { a11yTexts as t } from './texts';

export type ShortcutId =
  | 'help' | 'undo' | 'suggest' | 'hints' | 'skip' | 'step' | 'views' | 'topView'
  | 'readScore' | 'readTurn' | 'readLast' | 'readLegal' | 'readRow' | 'readColumn' | 'readBalls';

export interface Shortcut {
  id: ShortcutId;
  /** The keys as shown in the help. */
  keys: string;
  description: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'help', keys: '?', description: t.shortcut.help },
  { id: 'undo', keys: 'U', description: t.shortcut.undo },
  { id: 'suggest', keys: 'S', description: t.shortcut.suggest },
  { id: 'hints', keys: 'H', description: t.shortcut.hints },
  { id: 'skip', keys: 'K', description: t.shortcut.skip },
  { id: 'step', keys: 'N', description: t.shortcut.step },
  { id: 'views', keys: '1 2 3 4', description: t.shortcut.views },
  { id: 'topView', keys: '0', description: t.shortcut.topView },
  { id: 'readScore', keys: 'C', description: t.shortcut.readScore },
  { id: 'readTurn', keys: 'W', description: t.shortcut.readTurn },
  { id: 'readLast', keys: 'L', description: t.shortcut.readLast },
  { id: 'readLegal', keys: 'M', description: t.shortcut.readLegal },
  { id: 'readRow', keys: 'R', description: t.shortcut.readRow },
  { id: 'readColumn', keys: 'O', description: t.shortcut.readColumn },
  { id: 'readBalls', keys: 'Shift+1 … Shift+4', description: t.shortcut.readBalls },
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
  const byKey: Record<string, ShortcutId> = { u: 'undo', s: 'suggest', h: 'hints', k: 'skip', n: 'step', '0': 'topView', c: 'readScore', w: 'readTurn', l: 'readLast', m: 'readLegal', r: 'readRow', o: 'readColumn' };
  const id = byKey[e.key.toLowerCase()];
  return id ? { id } : null;
}
