/**
 * The current game and match, kept in localStorage after every move so a reload (or a crash)
 * resumes where it was. localStorage because the save stays small (a few kB) and its writes are
 * synchronous: what was played before the tab died is on disk.
 *
 * The round is kept as its record (docs/record-format.md), so the engine's record reader checks
 * every move again on the way back in; the match adds its players, seed, round and results.
 * The format is versioned (docs/saves.md): an older version is migrated on load (migrations.ts);
 * anything unreadable is reported with its raw text (for download) and never half-applied. A save
 * of a newer version (a newer Rolit wrote it) is kept aside untouched under NEWER_SAVE_PREFIX + its
 * key, for that version to continue.
 */
import { type Game, isColour, type Match, type PlayerSpec, readRecord, RecordError, type RoundResult, roundSeed } from '../../engine/index';
import { errorText } from '../../i18n/engineReasons';
import { CodedProblem } from '../../i18n/codedProblem';
import { parseStoredJson } from './json';
import { readPlayers } from '../setup/settings';
import { currentVersion, migrate, type VersionedFormat } from './migrations';

/** The one save of a page that keeps a single game (the page moves it to a tab's slot, tabGames.ts). */
export const GAME_KEY = 'rolit.currentGame';
/** A newer version's save is kept aside under this prefix and its own key. */
export const NEWER_SAVE_PREFIX = 'rolit.newerSave.';

/**
 * The save's versions: version 1 is the first. A change of SavedGame adds the step from the
 * version before (data of the older shape in, the new shape out) to this list.
 */
export const SAVE_FORMAT: VersionedFormat = { versionLabel: 'saved in format', texts: 'replay:savedFormat', first: 1, migrations: [] };
export const SAVE_VERSION = currentVersion(SAVE_FORMAT);

/** What is written: the current version. */
export interface SavedGame {
  version: number;
  /** ISO time of the save. */
  savedAt: string;
  players: PlayerSpec[];
  /** The match's seed (each round's seed derives from it). */
  seed: number;
  round: number;
  results: RoundResult[];
  /** The current round as a record. */
  record: string;
}

/** A save read back: the match and its current round, replayed by the engine. */
export interface ResumedGame {
  match: Match;
  round: number;
  results: RoundResult[];
  game: Game;
}

/** Why a save cannot be used, with its raw text for the player to keep. */
export interface UnreadableSave {
  reason: string;
  raw: string;
  /** Where a newer version's save was kept aside (untouched), when it was. */
  keptAside?: string;
}

/** What is wrong with a saved game: one key each in the `savedGame` object of replay.json. */
export type SaveCode = 'notSave' | 'readerVersion' | 'players' | 'seed' | 'round' | 'results' | 'noRecord' | 'record' | 'seats' | 'roundSeed';

export class SaveError extends CodedProblem<SaveCode> {
  constructor(code: SaveCode, params: Record<string, string | number>, english: string, cause?: unknown) {
    super('replay:savedGame', code, params, english, cause);
  }
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function saveText(match: Match, round: number, results: readonly RoundResult[], record: string, now: Date): string {
  const saved: SavedGame = { version: SAVE_VERSION, savedAt: now.toISOString(), players: match.players, seed: match.seed, round, results: [...results], record };
  return JSON.stringify(saved);
}

/** Reads a save of any version `format` migrates to the current one; throws an Error saying what is wrong. */
export function readSave(text: string, levels: readonly string[], format: VersionedFormat = SAVE_FORMAT): ResumedGame {
  const data = parseStoredJson(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new SaveError('notSave', {}, 'not a saved game');
  if (currentVersion(format) !== SAVE_VERSION) throw new SaveError('readerVersion', { version: SAVE_VERSION, given: currentVersion(format) }, `this page reads saves of version ${SAVE_VERSION}, not ${currentVersion(format)}`);
  const s = migrate(data as Record<string, unknown>, format);
  const players = readPlayers(s.players, levels);
  if (!players) throw new SaveError('players', {}, 'the players are not valid');
  if (!Number.isInteger(s.seed) || (s.seed as number) < 0 || (s.seed as number) > 0xffffffff) throw new SaveError('seed', {}, 'the match seed is not valid');
  if (!Number.isInteger(s.round) || (s.round as number) < 0) throw new SaveError('round', {}, 'the round number is not valid');
  if (typeof s.record !== 'string') throw new SaveError('noRecord', {}, 'the round record is missing');
  let game: Game;
  try {
    game = readRecord(s.record).game;
  } catch (e) {
    if (e instanceof RecordError) throw new SaveError('record', {}, `the round record, ${e.message}`, e);
    throw e;
  }
  const setup = game.setup;
  const seed = s.seed as number;
  const round = s.round as number;
  if (setup.players.length !== players.length) throw new SaveError('seats', { seats: setup.players.length, players: players.length }, `the round has ${setup.players.length} seats for ${players.length} players`);
  const balls = setup.size * setup.size;
  if (!Array.isArray(s.results) || s.results.length !== round || !s.results.every((r) => isResult(r, players.length, balls))) {
    throw new SaveError('results', { balls }, `the results of the earlier rounds are not valid (each score must be a whole number of balls from 0 to ${balls})`);
  }
  if (setup.seed !== roundSeed(seed, round)) throw new SaveError('roundSeed', { seed: setup.seed, round: round + 1, matchSeed: seed }, `the round's seed ${setup.seed} is not round ${round + 1} of match seed ${seed}`);
  const match: Match = { players, size: setup.size, variant: setup.variant, misere: setup.misere, moveTimeLimit: setup.moveTimeLimit, takeBacks: setup.takeBacks, seed };
  return { match, round, results: s.results as RoundResult[], game };
}

/** A finished round's result for `players` players: scores of the four colours, none above the board's `most` balls. */
function isResult(value: unknown, players: number, most: number): value is RoundResult {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  const balls = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= most;
  const scores = r.scores as Record<string, unknown> | null;
  if (typeof scores !== 'object' || scores === null || Array.isArray(scores)) return false;
  if (!Object.entries(scores).every(([colour, n]) => isColour(colour) && balls(n))) return false;
  const playerScores = r.playerScores;
  if (!Array.isArray(playerScores) || playerScores.length !== players || !playerScores.every(balls)) return false;
  const winners = r.winners;
  return Array.isArray(winners) && winners.length <= players && winners.every((w) => Number.isInteger(w) && w >= 0 && w < players);
}

export interface GameKeeper {
  /** The saved game, or why it cannot be used (the bad save is then removed), or nothing saved. */
  load(): { resumed: ResumedGame | null; unreadable: UnreadableSave | null };
  /** Writes the save; false when storage refused it (full or blocked). */
  save(text: string): boolean;
}

/** The current game's keeper on a storage under `key`; a null storage keeps nothing (and says so on save). */
export function createGameKeeper(storage: StorageLike | null, levels: readonly string[], key = GAME_KEY): GameKeeper {
  /** A newer version's save that could not be kept aside: it stays in its place, and this page writes none over it. */
  let blocked = false;
  return {
    load() {
      let raw: string | null;
      try {
        raw = storage?.getItem(key) ?? null;
      } catch {
        return { resumed: null, unreadable: null };
      }
      if (raw === null) return { resumed: null, unreadable: null };
      try {
        return { resumed: readSave(raw, levels), unreadable: null };
      } catch (e) {
        const newer = e instanceof CodedProblem && e.code === 'newer';
        const aside = NEWER_SAVE_PREFIX + key;
        try {
          if (newer) storage!.setItem(aside, raw);
          storage!.removeItem(key);
        } catch {
          // Storage refused the copy: the newer save stays where it is, untouched.
          blocked = newer;
        }
        return { resumed: null, unreadable: { reason: errorText(e), raw, ...(newer && !blocked && { keptAside: aside }) } };
      }
    },
    save(text) {
      if (!storage || blocked) return false;
      try {
        storage.setItem(key, text);
        return true;
      } catch {
        return false;
      }
    },
  };
}
