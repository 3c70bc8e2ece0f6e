/**
 * The page's player on the game server (docs/online.md, Players and ratings): their profile, their
 * kept rounds newest first, the leaderboard, where they stand against the computer levels, and
 * Forget me. Every answer's shape is checked before it is shown; what goes wrong is a
 * PlayersError, worded from `profile:problem` in the page's language.
 */
import { CodedProblem } from '../../i18n/codedProblem';
import type { Leader, PlayerGame, PlayerProfile } from '../../wire/players';

/** Rounds (and leaderboard rows) a page of the profile shows. */
export const PAGE_SIZE = 10;

export type { GameSeat, Leader, PlayerGame, PlayerProfile } from '../../wire/players';

/** A page of a list (docs/online.md, Lists): its items, and the cursor of the next page (from the answer's `Link`), null on the last. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** What went wrong asking the server: one key each in the `problem` object of profile.json. */
export type PlayersCode = 'unreachable' | 'status' | 'answer';

export class PlayersError extends CodedProblem<PlayersCode> {
  constructor(code: PlayersCode, params: Record<string, string | number>, english: string) {
    super('profile:problem', code, params, english);
  }
}

type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const isBoolean: Check = (v) => typeof v === 'boolean';
const orNull = (check: Check): Check => (v) => v === null || check(v);
const isKind: Check = (v) => v === 'human' || v === 'bot' || v === 'computer';
const arrayOf = (check: Check): Check => (v) => Array.isArray(v) && v.every(check);
const objectOf = (fields: Record<string, Check>): Check => (v) =>
  typeof v === 'object' && v !== null && Object.entries(fields).every(([name, check]) => check((v as Record<string, unknown>)[name]));

const profileShape = objectOf({ id: isString, name: isString, kind: isKind, rating: orNull(isNumber), provisional: isBoolean, games: isNumber, ratedGames: isNumber, since: isString });
const seatShape = objectOf({
  colours: arrayOf(isString), player: orNull(isString), name: isString, kind: isKind, score: isNumber, rank: isNumber, forfeit: isBoolean, ratingBefore: orNull(isNumber), ratingAfter: orNull(isNumber),
});
const gameShape = objectOf({ id: isString, room: isString, round: isNumber, date: isString, size: isNumber, variant: isString, misere: isBoolean, rated: isBoolean, seats: arrayOf(seatShape), record: isString });
const leaderShape = objectOf({ id: isString, name: isString, kind: isKind, rating: isNumber, provisional: isBoolean, ratedGames: isNumber });

const base = (endpoint: string) => endpoint.replace(/\/$/, '');

/** The server's answer to a request, checked against `shape`, and its next page's cursor; null for 404. */
async function askWithNext<T>(endpoint: string, path: string, shape: Check, init: RequestInit | undefined, fetcher: typeof fetch): Promise<{ body: T; next: string | null } | null> {
  let response: Response;
  try {
    response = await fetcher(`${base(endpoint)}${path}`, init);
  } catch (e) {
    throw new PlayersError('unreachable', { server: endpoint }, `the game server at ${endpoint} cannot be reached (${e instanceof Error ? e.message : String(e)})`);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new PlayersError('status', { status: response.status }, `the server answered ${response.status}`);
  const body: unknown = await response.json().catch(() => undefined);
  if (!shape(body)) throw new PlayersError('answer', {}, `the server's answer to ${path} is not of the documented shape`);
  const link = /^<[^>]*[?&]cursor=([A-Za-z0-9_-]+)[^>]*>; rel="next"$/.exec(response.headers.get('link') ?? '');
  return { body: body as T, next: link ? link[1] : null };
}

/** The server's answer to a request, checked against `shape`; null for 404. */
async function ask<T>(endpoint: string, path: string, shape: Check, init: RequestInit | undefined, fetcher: typeof fetch): Promise<T | null> {
  return (await askWithNext<T>(endpoint, path, shape, init, fetcher))?.body ?? null;
}

/** A page of a list at `path` (limit PAGE_SIZE), after `cursor` (null: the first page). */
async function askPage<T>(endpoint: string, path: string, item: Check, cursor: string | null, fetcher: typeof fetch): Promise<Page<T>> {
  const asked = `${path}${path.includes('?') ? '&' : '?'}limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const answer = must(await askWithNext<T[]>(endpoint, asked, arrayOf(item), undefined, fetcher), asked);
  return { items: answer.body, next: answer.next };
}

const must = <T>(value: T | null, path: string): T => {
  if (value === null) throw new PlayersError('status', { status: 404 }, `the server has no ${path}`);
  return value;
};

/** The player's profile (`GET /players/<id>`); null when the server has no such player (none kept yet, or forgotten). */
export function fetchProfile(endpoint: string, id: string, fetcher: typeof fetch = fetch): Promise<PlayerProfile | null> {
  return ask<PlayerProfile>(endpoint, `/players/${encodeURIComponent(id)}`, profileShape, undefined, fetcher);
}

/** A page of the player's kept rounds, newest first (`GET /players/<id>/games`), after `cursor`. */
export function fetchGames(endpoint: string, id: string, cursor: string | null, fetcher: typeof fetch = fetch): Promise<Page<PlayerGame>> {
  return askPage(endpoint, `/players/${encodeURIComponent(id)}/games`, gameShape, cursor, fetcher);
}

/**
 * A page of the leaderboard, best first (`GET /leaderboard`), after `cursor`: settled players, and
 * provisional ones too where `provisional` says; the bots, kept apart, where `kind` asks for them.
 */
export function fetchLeaderboard(endpoint: string, cursor: string | null, { provisional = false, kind }: { provisional?: boolean; kind?: 'bot' } = {}, fetcher: typeof fetch = fetch): Promise<Page<Leader>> {
  const query = new URLSearchParams();
  if (kind) query.set('kind', kind);
  if (provisional) query.set('provisional', 'include');
  const asked = query.size > 0 ? `/leaderboard?${query}` : '/leaderboard';
  return askPage(endpoint, asked, leaderShape, cursor, fetcher);
}

/** The rated computer levels' ratings (`GET /leaderboard?kind=computer`), those of `levels` only; levels not rated yet are left out. */
export async function fetchLevelRatings(endpoint: string, levels: readonly string[], fetcher: typeof fetch = fetch): Promise<{ level: string; rating: number }[]> {
  const path = `/leaderboard?kind=computer&limit=100`;
  const rated = must(await ask<Leader[]>(endpoint, path, arrayOf(leaderShape), undefined, fetcher), path);
  return levels.flatMap((level) => rated.filter((l) => l.id === `computer:${level}`).map((l) => ({ level, rating: l.rating })));
}

/**
 * Where a rating stands against the levels' (weak to strong, as LEVELS): the strongest level rated
 * below it (`above`), else the weakest level (`below`: below every level); null when no level is rated.
 */
export function standing(rating: number, levels: readonly { level: string; rating: number }[]): { above: string } | { below: string } | null {
  const beaten = levels.filter((l) => l.rating < rating).sort((a, b) => b.rating - a.rating)[0];
  if (beaten) return { above: beaten.level };
  const weakest = [...levels].sort((a, b) => a.rating - b.rating)[0];
  return weakest ? { below: weakest.level } : null;
}

/** Forget me (`POST /players/forget`, the key as `Authorization: Bearer`): whether the server had a player of that key to forget. */
export async function forgetPlayer(endpoint: string, key: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  const init = { method: 'POST', headers: { authorization: `Bearer ${key}` } };
  const answer = must(await ask<{ forgotten: boolean }>(endpoint, '/players/forget', objectOf({ forgotten: isBoolean }), init, fetcher), '/players/forget');
  return answer.forgotten;
}
