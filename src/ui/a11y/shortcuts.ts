/**
 * The page's single-key shortcuts: one table, read by the key handler and the help overlay.
 * Each can be turned off (WCAG 2.1.4); the arrow keys, Enter, Space, Escape and Tab are not
 * single-character shortcuts and always work.
 */
import type { Colour } from '../../engine/index';

export type ShortcutId =
  | 'help' | 'undo' | 'suggest' | 'hints' | 'skip' | 'views' | 'topView'
  | 'readScore' | 'readTurn' | 'readLast' | 'readLegal' | 'readRow' | 'readColumn' | 'readBalls';

export interface Shortcut {
  id: ShortcutId;
  /** The keys as shown in the help. */
  keys: string;
  description: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'help', keys: '?', description: 'Show this help' },
  { id: 'undo', keys: 'U', description: 'Undo (take back to your last turn)' },
  { id: 'suggest', keys: 'S', description: 'Suggest a move' },
  { id: 'hints', keys: 'H', description: 'Socket dots on or off (legal sockets)' },
  { id: 'skip', keys: 'K', description: 'Skip the animations' },
  { id: 'views', keys: '1 2 3 4', description: "Camera: view from each seat's side" },
  { id: 'topView', keys: '0', description: 'Camera: view from above' },
  { id: 'readScore', keys: 'C', description: 'Read the score (count)' },
  { id: 'readTurn', keys: 'W', description: 'Read whose turn it is' },
  { id: 'readLast', keys: 'L', description: 'Read the last move' },
  { id: 'readLegal', keys: 'M', description: 'Read the legal moves' },
  { id: 'readRow', keys: 'R', description: "Read the cursor's row" },
  { id: 'readColumn', keys: 'O', description: "Read the cursor's column" },
  { id: 'readBalls', keys: 'Shift+1 … Shift+4', description: "Where are Red's, Yellow's, Green's, Blue's balls" },
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
  const byKey: Record<string, ShortcutId> = { u: 'undo', s: 'suggest', h: 'hints', k: 'skip', '0': 'topView', c: 'readScore', w: 'readTurn', l: 'readLast', m: 'readLegal', r: 'readRow', o: 'readColumn' };
  const id = byKey[e.key.toLowerCase()];
  return id ? { id } : null;
}
