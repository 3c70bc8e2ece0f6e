/**
 * URL parameters that start a game directly, e.g. `?seats=human,ai,ai,ai&size=8&speed=2`.
 * Pure: the caller passes the computer levels that exist. Every bad value becomes a problem
 * (parameter, value, and what is allowed as a code with params, worded by describeProblem in the
 * current language) and that value falls back to its default; the rest of the URL still applies.
 */
import { type BoardSize, type RuleError, seedRefusal, setupRefusal } from '../../engine/index';
import { ruleText } from '../../i18n/engineReasons';
import { t } from '../../i18n/index';

export interface SeatChoice {
  kind: 'human' | 'computer';
  /** Computer seats only. */
  level?: string;
}

export interface UrlOptions {
  seats?: SeatChoice[];
  size?: BoardSize;
  seed?: number;
  /** 0.25..8, or Infinity for instant. */
  speed?: number;
  variant?: 'pro' | 'team';
  misere?: boolean;
  /** The `hints` parameter: a dot in every legal socket. */
  socketDots?: boolean;
}

/** What is wrong with a parameter: one key each in the `url` object of messages.json. */
export type UrlProblemCode = 'unknownParameter' | 'repeated' | 'seatCount' | 'seatEntry' | 'seatLevel' | 'size' | 'speed' | 'variant' | 'onOff' | 'rule' | 'teamPlayers' | 'sizePlayers';

export interface UrlProblem {
  parameter: string;
  value: string;
  code: UrlProblemCode;
  params: Record<string, string | number>;
  /** The engine's refusal, for the codes that quote it (rule, teamPlayers, sizePlayers). */
  refusal?: RuleError;
}

export const MIN_SPEED = 0.25;
export const MAX_SPEED = 8;
const KNOWN = ['seats', 'size', 'seed', 'speed', 'variant', 'misere', 'hints'];
/** Parameters that choose the game (not the viewer's settings): the page drops them once the game started. */
export const GAME_PARAMETERS = ['seats', 'size', 'seed', 'variant', 'misere'] as const;

/** The query string without the game's parameters ("" when nothing is left), so a reload resumes the game. */
export function withoutGameParameters(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of GAME_PARAMETERS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

type SeatProblem = Pick<UrlProblem, 'code' | 'params'>;

/** "seats=human,ai:greedy" etc. Returns the seats, or what is wrong. */
function parseSeats(text: string, levels: readonly string[], defaultLevel: string): SeatChoice[] | SeatProblem {
  const entries = text.split(',').map((s) => s.trim().toLowerCase());
  if (entries.length < 1 || entries.length > 4) return { code: 'seatCount', params: { count: entries.length } };
  const seats: SeatChoice[] = [];
  for (const entry of entries) {
    if (entry === 'human') {
      seats.push({ kind: 'human' });
      continue;
    }
    const m = /^ai(?::(.*))?$/.exec(entry);
    if (!m) return { code: 'seatEntry', params: { entry } };
    const level = m[1] ?? defaultLevel;
    if (!levels.includes(level)) return { code: 'seatLevel', params: { level, levels: levels.join(', ') } };
    seats.push({ kind: 'computer', level });
  }
  return seats;
}

function onOff(text: string): boolean | undefined {
  const t = text.toLowerCase();
  if (t === 'on' || t === 'true' || t === '1' || t === 'yes') return true;
  if (t === 'off' || t === 'false' || t === '0' || t === 'no') return false;
  return undefined;
}

/** Parses a speed multiplier ("2", "0.5x", "instant"); undefined if it is not one. */
export function parseSpeed(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'instant') return Infinity;
  const m = /^(\d+(?:\.\d+)?|\.\d+)x?$/.exec(t);
  if (!m) return undefined;
  const n = Number(m[1]);
  return n >= MIN_SPEED && n <= MAX_SPEED ? n : undefined;
}

export function parseUrlParams(
  search: string,
  levels: readonly string[],
  defaultLevel: string,
): { options: UrlOptions; problems: UrlProblem[] } {
  const params = new URLSearchParams(search);
  const options: UrlOptions = {};
  const problems: UrlProblem[] = [];
  const problem = (parameter: string, value: string, code: UrlProblemCode, params: UrlProblem['params'] = {}, refusal?: RuleError) =>
    problems.push({ parameter, value, code, params, ...(refusal && { refusal }) });

  for (const key of new Set(params.keys())) {
    if (!KNOWN.includes(key)) problem(key, params.get(key) ?? '', 'unknownParameter', { known: KNOWN.join(', ') });
    else if (params.getAll(key).length > 1) problem(key, params.getAll(key).join(', '), 'repeated');
  }

  const seats = params.get('seats');
  if (seats !== null) {
    const parsed = parseSeats(seats, levels, defaultLevel);
    if (Array.isArray(parsed)) options.seats = parsed;
    else problem('seats', seats, parsed.code, { ...parsed.params, example: `human,ai,ai:${defaultLevel},ai` });
  }

  const size = params.get('size');
  if (size !== null) {
    if (size === '8' || size === '6' || size === '4') options.size = Number(size) as BoardSize;
    else problem('size', size, 'size');
  }

  const seed = params.get('seed');
  if (seed !== null) {
    const n = /^\d+$/.test(seed) ? Number(seed) : NaN;
    const bad = seedRefusal(n);
    if (bad) problem('seed', seed, 'rule', {}, bad);
    else options.seed = n;
  }

  const speed = params.get('speed');
  if (speed !== null) {
    const n = parseSpeed(speed);
    if (n === undefined) problem('speed', speed, 'speed', { min: MIN_SPEED, max: MAX_SPEED });
    else options.speed = n;
  }

  const variant = params.get('variant');
  if (variant !== null) {
    const v = variant.toLowerCase();
    if (v === 'pro' || v === 'team') options.variant = v;
    else if (v !== 'standard') problem('variant', variant, 'variant');
  }

  for (const [key, option] of [['misere', 'misere'], ['hints', 'socketDots']] as const) {
    const text = params.get(key);
    if (text === null) continue;
    const on = onOff(text);
    if (on === undefined) problem(key, text, 'onOff');
    else options[option] = on;
  }

  // Combinations the rules forbid (the engine's setup check). Without a seats list the default
  // seats fit, so only an explicit list can clash.
  const players = options.seats?.length ?? defaultPlayerCount(options);
  const teamProblem = options.variant === 'team' ? setupRefusal({ variant: 'team', players }) : null;
  if (teamProblem) {
    problem('variant', 'team', 'teamPlayers', { players }, teamProblem);
    delete options.variant;
  }
  const sizeProblem = options.size !== undefined ? setupRefusal({ size: options.size, variant: options.variant, players }) : null;
  if (sizeProblem) {
    problem('size', String(options.size), 'sizePlayers', { players }, sizeProblem);
    delete options.size;
  }
  return { options, problems };
}

/** Seats when the URL names none: four, or two where the rules refuse four (team, 4x4). */
export function defaultPlayerCount(options: Pick<UrlOptions, 'size' | 'variant'>): number {
  return setupRefusal({ size: options.size, variant: options.variant, players: 4 }) ? 2 : 4;
}

/** One line per problem, for the page, in the current language: "size=5: 8, 6 or 4". */
export function describeProblem(p: UrlProblem): string {
  const allowed = t(`messages:url.${p.code}`, { ...p.params, reason: p.refusal ? ruleText(p.refusal) : '' });
  return `${p.parameter}=${p.value}: ${allowed}`;
}
