/**
 * The match and its rounds: the first match from the URL and the saved settings, the seats of
 * each round (players change seats between rounds) and each round's seed.
 */
import { Game, playerInSeat, Random, freshSeed, setupProblem, type Colour } from '../engine/index';
import { computerName, defaultPlayers, type AppSettings, loadSettings, type NewGameOptions, type PlayerSpec } from './settings';
import { defaultPlayerCount, describeProblem, GAME_PARAMETERS, parseUrlParams, type SeatChoice, type UrlOptions } from './url';

export interface Seat extends PlayerSpec {
  /** Colours this seat plays this round (RoundSetup.players). */
  colours: Colour[];
  /** Index into the match's players (seats rotate between rounds). */
  player: number;
}

/** A match: its options are fixed for all its rounds. */
export type Match = NewGameOptions & { seed: number };

/** Seed of round `round` of a match seeded with `seed`: round 0 uses the seed itself. */
export function roundSeed(seed: number, round: number): number {
  if (round === 0) return seed;
  const random = new Random(seed);
  let s = 0;
  for (let i = 0; i < round; i++) s = random.nextUint32();
  return s;
}

export function startMatch(options: NewGameOptions): Match {
  return { ...options, seed: options.seed ?? freshSeed() };
}

/** Round `round` of the match: a new engine Game and who sits where. */
export function makeRound(match: Match, round: number): { game: Game; seats: Seat[] } {
  const game = new Game({
    size: match.size,
    players: match.players.length,
    variant: match.variant,
    misere: match.misere,
    moveTimeLimit: match.moveTimeLimit,
    takeBacks: match.takeBacks,
    seed: roundSeed(match.seed, round),
  });
  return { game, seats: seatsOf(match, round, game) };
}

/** Who sits where in round `round` of the match (seats rotate between rounds). */
export function seatsOf(match: Match, round: number, game: Game): Seat[] {
  return game.setup.players.map((colours, seat): Seat => {
    const player = playerInSeat(seat, round, match.players.length);
    return { ...match.players[player], colours, player };
  });
}

/** The first game: the URL's choices, the last game's (saved) for the rest where the rules allow them. */
export function firstMatchOptions(url: UrlOptions, settings: AppSettings, defaultLevel: string): NewGameOptions {
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
    return { kind: 'human', name: humans === 1 ? 'You' : `Player ${++human}` };
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
export function startingPoint(deps: StartingDeps, search: string): { settings: AppSettings; first: NewGameOptions; problems: string[]; urlStartsGame: boolean } {
  const firstLevel = deps.firstGameLevel ?? deps.defaultLevel;
  const loaded = loadSettings(deps.storage ?? null, deps.levels, firstLevel);
  const url = parseUrlParams(search, deps.levels, deps.defaultLevel);
  const settings: AppSettings = { ...loaded.settings };
  if (url.options.speed !== undefined) settings.speed = url.options.speed;
  if (url.options.socketDots !== undefined) settings.socketDots = url.options.socketDots;
  const problems = [...url.problems.map((p) => `URL parameter ${describeProblem(p)}.`), ...loaded.problems];
  const urlStartsGame = GAME_PARAMETERS.some((name) => url.options[name] !== undefined);
  return { settings, first: firstMatchOptions(url.options, settings, firstLevel), problems, urlStartsGame };
}
