/**
 * Settings: the viewer's preferences and the new-game dialog's last choices, kept in
 * localStorage. Whatever is stored is checked field by field; anything unreadable is
 * reported in words and replaced by its default, never trusted.
 */
import type { BoardSize, Variant } from '../engine/index';
import { MAX_SPEED, MIN_SPEED } from './url';

export interface PlayerSpec {
  kind: 'human' | 'computer';
  /** Computer players only. */
  level?: string;
  name: string;
}

/** Everything the new-game dialog asks. */
export interface NewGameOptions {
  players: PlayerSpec[];
  size: BoardSize;
  variant: Variant;
  misere: boolean;
  /** Seconds per move, 0 for none. */
  moveTimeLimit: number;
  takeBacks: boolean;
  /** Seed of the match; undefined for a fresh one. */
  seed?: number;
}

export interface Settings {
  /** Animation speed multiplier, 0.25..8, or Infinity for instant. */
  speed: number;
  /** Show the legal sockets. */
  hints: boolean;
  takeBacks: boolean;
  moveTimeLimit: number;
  /** The last new game's choices (the dialog starts from them). */
  newGame: Omit<NewGameOptions, 'seed' | 'takeBacks' | 'moveTimeLimit'>;
}

export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, Infinity] as const;
export const TIME_LIMITS = [0, 10, 30, 60] as const;
export const STORAGE_KEY = 'rolit.settings.v1';

export function defaultPlayers(count: number, level: string): PlayerSpec[] {
  return Array.from({ length: count }, (_, i) =>
    i === 0 ? { kind: 'human', name: 'You' } : { kind: 'computer', level, name: computerName(level, i) },
  );
}

export function computerName(level: string, seat: number): string {
  return `${level[0].toUpperCase()}${level.slice(1)} ${seat + 1}`;
}

export function defaultSettings(level: string): Settings {
  return {
    speed: 1,
    hints: false,
    takeBacks: true,
    moveTimeLimit: 0,
    newGame: { players: defaultPlayers(4, level), size: 8, variant: 'standard', misere: false },
  };
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads settings; `problems` says in words what was unreadable (and so replaced by defaults). */
export function loadSettings(storage: StorageLike | null, levels: readonly string[], defaultLevel: string): { settings: Settings; problems: string[] } {
  const settings = defaultSettings(defaultLevel);
  const problems: string[] = [];
  if (!storage) return { settings, problems };
  let text: string | null;
  try {
    text = storage.getItem(STORAGE_KEY);
  } catch {
    return { settings, problems: ['Saved settings could not be read (storage is blocked); defaults are used.'] };
  }
  if (text === null) return { settings, problems };
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch {
    saved = undefined;
  }
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) {
    forget(storage);
    return { settings, problems: ['Saved settings were corrupted (not readable data) and have been reset to the defaults.'] };
  }
  const s = saved as Record<string, unknown>;
  const bad = (field: string, value: unknown) => problems.push(`Saved setting "${field}" (${JSON.stringify(value) ?? String(value)}) was not valid; the default is used.`);

  if ('speed' in s) {
    const speed = s.speed === 'instant' ? Infinity : s.speed;
    if (typeof speed === 'number' && ((speed >= MIN_SPEED && speed <= MAX_SPEED) || speed === Infinity)) settings.speed = speed;
    else bad('speed', s.speed);
  }
  for (const key of ['hints', 'takeBacks'] as const) {
    if (!(key in s)) continue;
    if (typeof s[key] === 'boolean') settings[key] = s[key];
    else bad(key, s[key]);
  }
  if ('moveTimeLimit' in s) {
    if ((TIME_LIMITS as readonly unknown[]).includes(s.moveTimeLimit)) settings.moveTimeLimit = s.moveTimeLimit as number;
    else bad('moveTimeLimit', s.moveTimeLimit);
  }
  if ('newGame' in s) {
    const game = readNewGame(s.newGame, levels);
    if (game) settings.newGame = game;
    else bad('newGame', s.newGame);
  }
  if (problems.length) saveSettings(storage, settings);
  return { settings, problems };
}

function readNewGame(value: unknown, levels: readonly string[]): Settings['newGame'] | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!Array.isArray(v.players) || v.players.length < 1 || v.players.length > 4) return null;
  const players: PlayerSpec[] = [];
  for (const p of v.players as unknown[]) {
    if (typeof p !== 'object' || p === null) return null;
    const { kind, level, name } = p as Record<string, unknown>;
    if (typeof name !== 'string' || name.length > 40) return null;
    if (kind === 'human') players.push({ kind, name });
    else if (kind === 'computer' && typeof level === 'string' && levels.includes(level)) players.push({ kind, level, name });
    else return null;
  }
  if (v.size !== 8 && v.size !== 6 && v.size !== 4) return null;
  if (v.variant !== 'standard' && v.variant !== 'pro' && v.variant !== 'team') return null;
  if (typeof v.misere !== 'boolean') return null;
  if (v.size === 4 && players.length > 2) return null;
  if (v.variant === 'team' && players.length !== 2) return null;
  return { players, size: v.size, variant: v.variant, misere: v.misere };
}

export function saveSettings(storage: StorageLike | null, settings: Settings): void {
  if (!storage) return;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ ...settings, speed: settings.speed === Infinity ? 'instant' : settings.speed }));
  } catch {
    // Full or blocked storage: the settings still apply to this visit.
  }
}

function forget(storage: StorageLike): void {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing more to do: the defaults apply.
  }
}
