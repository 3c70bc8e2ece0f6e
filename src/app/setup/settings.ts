/**
 * Settings: the viewer's preferences and the new-game dialog's last choices, kept in
 * localStorage. Whatever is stored is checked field by field; anything unreadable is
 * reported in words and replaced by its default, never trusted.
 */
import { t } from '../../i18n/index';
import { excerpt, type MatchOptions, type PlayerSpec, setupProblem } from '../../engine/index';
import { MAX_SPEED, MIN_SPEED } from './url';
import { computerName } from '../../i18n/playerNames';

/** The viewer's preferences, kept between visits (AppSettings: the engine has its own record Settings). */
export interface AppSettings {
  /** Animation speed multiplier, 0.25..8, or Infinity for instant. */
  speed: number;
  /** Show a dot in every legal socket (stored and in the URL as `hints`, for old pages and links). */
  socketDots: boolean;
  takeBacks: boolean;
  moveTimeLimit: number;
  /** The last new game's choices (the dialog starts from them). */
  newGame: Omit<MatchOptions, 'seed' | 'takeBacks' | 'moveTimeLimit'>;
  /** Coordinates (a-h, 1-8) printed on the board's frame. */
  coordinates: boolean;
  /** The rules panel has been offered (it opens by itself on the first visit only). */
  rulesSeen: boolean;
}

export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, Infinity] as const;
export const TIME_LIMITS = [0, 10, 30, 60] as const;
export const STORAGE_KEY = 'rolit.settings.v1';

export function defaultPlayers(count: number, level: string): PlayerSpec[] {
  return Array.from({ length: count }, (_, i) =>
    i === 0 ? { kind: 'human', name: t('dialogs:you') } : { kind: 'computer', level, name: computerName(level, i) },
  );
}

export { computerName };

export function defaultSettings(level: string): AppSettings {
  return {
    speed: 1,
    socketDots: false,
    takeBacks: true,
    moveTimeLimit: 0,
    newGame: { players: defaultPlayers(4, level), size: 8, variant: 'standard', misere: false },
    coordinates: true,
    rulesSeen: false,
  };
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** How much of a stored value's JSON is written for its quote: more than an excerpt shows. */
const QUOTED_JSON = 100;

/**
 * A short, printable quote of any value read from storage (the engine's excerpt rule). Its JSON
 * is written only as far as the excerpt can show, so a value nested thousands of levels deep
 * cannot overflow the stack and a 2 MB value is not copied.
 */
export function quoteStored(value: unknown): string {
  let out = '';
  const full = () => out.length > QUOTED_JSON;
  const write = (v: unknown): void => {
    if (full()) return;
    if (Array.isArray(v)) {
      out += '[';
      for (let i = 0; i < v.length && !full(); i++) {
        if (i) out += ',';
        write(v[i]);
      }
      out += ']';
    } else if (typeof v === 'object' && v !== null) {
      out += '{';
      for (const [i, key] of Object.keys(v).entries()) {
        if (full()) break;
        out += `${i ? ',' : ''}${JSON.stringify(key.slice(0, QUOTED_JSON))}:`;
        write((v as Record<string, unknown>)[key]);
      }
      out += '}';
    } else if (typeof v === 'string') {
      out += JSON.stringify(v.slice(0, QUOTED_JSON));
    } else {
      out += String(v);
    }
  };
  write(value);
  return excerpt(out);
}

/** Reads settings; `problems` says in words what was unreadable (and so replaced by defaults). Never throws. */
export function loadSettings(storage: StorageLike | null, levels: readonly string[], defaultLevel: string): { settings: AppSettings; problems: string[] } {
  const settings = defaultSettings(defaultLevel);
  const problems: string[] = [];
  if (!storage) return { settings, problems };
  let text: string | null;
  try {
    text = storage.getItem(STORAGE_KEY);
  } catch {
    return { settings, problems: [t('messages:settingsBlocked')] };
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
    return { settings, problems: [t('messages:settingsCorrupted')] };
  }
  const s = saved as Record<string, unknown>;
  const bad = (field: string, value: unknown) => problems.push(t('messages:settingInvalid', { field, value: quoteStored(value) }));

  if ('speed' in s) {
    // Infinity is stored as "instant"; a number must be in range (JSON's 1e999 reads as Infinity: refused).
    if (s.speed === 'instant') settings.speed = Infinity;
    else if (typeof s.speed === 'number' && s.speed >= MIN_SPEED && s.speed <= MAX_SPEED) settings.speed = s.speed;
    else bad('speed', s.speed);
  }
  // Stored as `hints` (the name before socketDots), so settings saved by older pages still load.
  if ('hints' in s) {
    if (typeof s.hints === 'boolean') settings.socketDots = s.hints;
    else bad('hints', s.hints);
  }
  if ('takeBacks' in s) {
    if (typeof s.takeBacks === 'boolean') settings.takeBacks = s.takeBacks;
    else bad('takeBacks', s.takeBacks);
  }
  if ('moveTimeLimit' in s) {
    if ((TIME_LIMITS as readonly unknown[]).includes(s.moveTimeLimit)) settings.moveTimeLimit = s.moveTimeLimit as number;
    else bad('moveTimeLimit', s.moveTimeLimit);
  }
  for (const field of ['coordinates', 'rulesSeen'] as const) {
    if (!(field in s)) continue;
    if (typeof s[field] === 'boolean') settings[field] = s[field];
    else bad(field, s[field]);
  }
  if ('newGame' in s) {
    const game = readNewGame(s.newGame, levels);
    if (game) settings.newGame = game;
    else bad('newGame', s.newGame);
  }
  if (problems.length) saveSettings(storage, settings);
  return { settings, problems };
}

function readNewGame(value: unknown, levels: readonly string[]): AppSettings['newGame'] | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const players = readPlayers(v.players, levels);
  if (!players) return null;
  if (v.size !== 8 && v.size !== 6 && v.size !== 4) return null;
  if (v.variant !== 'standard' && v.variant !== 'pro' && v.variant !== 'team') return null;
  if (typeof v.misere !== 'boolean') return null;
  if (setupProblem({ size: v.size, variant: v.variant, players: players.length })) return null;
  return { players, size: v.size, variant: v.variant, misere: v.misere };
}

/** 1-4 stored players (settings, saved games), each human or a computer of a level that exists; null if not. */
/** A player's name as kept (saves, history): at most this many characters, as in the new-game dialog. */
export const MAX_NAME_CHARS = 40;

/**
 * Whether `name` can be a kept player's name: text of at most MAX_NAME_CHARS characters with no
 * control characters. Saves and the history check names by this one rule, so a name a save lets
 * in is one the history reads back.
 */
export function isPlayerName(name: unknown): name is string {
  return typeof name === 'string' && name.length <= MAX_NAME_CHARS && !/\p{Cc}/u.test(name);
}

export function readPlayers(value: unknown, levels: readonly string[]): PlayerSpec[] | null {
  if (!Array.isArray(value) || value.length < 1 || value.length > 4) return null;
  const players: PlayerSpec[] = [];
  for (const p of value as unknown[]) {
    if (typeof p !== 'object' || p === null) return null;
    const { kind, level, name } = p as Record<string, unknown>;
    if (!isPlayerName(name)) return null;
    if (kind === 'human') players.push({ kind, name });
    else if (kind === 'computer' && typeof level === 'string' && levels.includes(level)) players.push({ kind, level, name });
    else return null;
  }
  return players;
}

export function saveSettings(storage: StorageLike | null, settings: AppSettings): void {
  if (!storage) return;
  const { socketDots, ...rest } = settings;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ ...rest, hints: socketDots, speed: settings.speed === Infinity ? 'instant' : settings.speed }));
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
