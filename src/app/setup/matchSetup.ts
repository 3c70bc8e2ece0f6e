/**
 * The first match of a page: from the URL and the saved settings (the match and its rounds
 * themselves are the engine's: src/engine/match.ts).
 */
import { t } from '../../i18n/index';
import { type MatchOptions, type PlayerSpec, setupProblem } from '../../engine/index';
import { computerName, defaultPlayers, type AppSettings, loadSettings } from './settings';
import { defaultPlayerCount, describeProblem, GAME_PARAMETERS, parseUrlParams, type SeatChoice, type UrlOptions } from './url';

/** The first game: the URL's choices, the last game's (saved) for the rest where the rules allow them. */
export function firstMatchOptions(url: UrlOptions, settings: AppSettings, defaultLevel: string): MatchOptions {
  const saved = settings.newGame;
  const fits = (players: number) => !setupProblem({ size: url.size, variant: url.variant, players });
  const players = url.seats ? playersFromUrl(url.seats) : fits(saved.players.length) ? saved.players : defaultPlayers(defaultPlayerCount(url), defaultLevel);
  const n = players.length;
  const size = url.size ?? (setupProblem({ size: saved.size, players: n }) ? 8 : saved.size);
  const variant = url.variant ?? (setupProblem({ variant: saved.variant, players: n }) ? 'standard' : saved.variant);
  return { players, size, variant, misere: url.misere ?? saved.misere, takeBacks: settings.takeBacks, moveTimeLimit: settings.moveTimeLimit, seed: url.seed };
}

function playersFromUrl(choices: SeatChoice[]): PlayerSpec[] {
  const humans = choices.filter((c) => c.kind === 'human').length;
  let human = 0;
  return choices.map((c, i): PlayerSpec => {
    if (c.kind === 'computer') return { kind: 'computer', level: c.level!, name: computerName(c.level!, i) };
    return { kind: 'human', name: humans === 1 ? t('dialogs:you') : t('dialogs:playerN', { n: ++human }) };
  });
}

/** What the start of a session needs to know: the computer levels and where settings are kept. */
export interface StartingDeps {
  levels: readonly string[];
  defaultLevel: string;
  /** Level of the computers in the first game when nothing is saved (default: defaultLevel). */
  firstGameLevel?: string;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

/**
 * The settings and first match options from the saved settings and the URL, with their problems;
 * `urlStartsGame` when the URL chooses the game (then it replaces a saved game in progress).
 */
export function startingPoint(deps: StartingDeps, search: string): { settings: AppSettings; first: MatchOptions; problems: string[]; urlStartsGame: boolean } {
  const firstLevel = deps.firstGameLevel ?? deps.defaultLevel;
  const loaded = loadSettings(deps.storage ?? null, deps.levels, firstLevel);
  const url = parseUrlParams(search, deps.levels, deps.defaultLevel);
  const settings: AppSettings = { ...loaded.settings };
  if (url.options.speed !== undefined) settings.speed = url.options.speed;
  if (url.options.socketDots !== undefined) settings.socketDots = url.options.socketDots;
  const problems = [...url.problems.map((p) => t('messages:urlProblem', { problem: describeProblem(p) })), ...loaded.problems];
  const urlStartsGame = GAME_PARAMETERS.some((name) => url.options[name] !== undefined);
  return { settings, first: firstMatchOptions(url.options, settings, firstLevel), problems, urlStartsGame };
}
