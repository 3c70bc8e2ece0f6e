/**
 * The players the arena can seat on its own threads: the levels, and baselines that are not
 * levels of the app (docs/ai.md):
 *
 *   beginner | greedy | tactician | strategist | master   a level
 *   paranoid | brs        the strategist's two tree searches (brs: best-reply search)
 *   uct                   plain UCT max^n (UCT_PARAMS): random playouts, win-only reward
 *   <name>:<N>            uct or master with a fixed budget of N iterations a move (uct:2000)
 *   <name>:<key>=<value>  uct or master with one of its MctsParams changed (master:epsilon=0.3);
 *                         several can follow each other: master:5000:epsilon=0.1:scoreWeight=0
 *   <uct or master ...>@<N>  the same search root-parallel on N worker threads (master@2;
 *                         root-parallel-player.ts), seeded apart and merged at the root
 */
import { decimalOf, type Position, wholeNumberOf } from '../../engine';
import { createSearcher, isLevel, LEVEL_DEFAULT_MOVETIME, LEVELS } from '../index';
import { masterParams, type MctsParams, MctsSearcher, UCT_PARAMS } from '../mcts';
import type { AiOptions } from '../options';
import { type Searcher, SearchContext } from '../searcher';
import { StrategistSearcher } from '../strategist';

export const BASELINES = ['paranoid', 'brs', 'uct'] as const;

/** Creates the entrant's search for the colour to move. */
export type SearcherFactory = (position: Position, options: AiOptions) => Searcher;

/**
 * The tunable searches' parameters for a round of this many players. A Map, as every lookup by a
 * name from the command line must be: a plain object would answer `__proto__` or `constructor`
 * with one of its built-ins.
 */
const TUNABLE = new Map<string, (players: number) => MctsParams>([
  ['master', masterParams],
  ['uct', () => UCT_PARAMS],
]);

/** The words a true/false parameter accepts. */
const BOOLEAN_WORDS = new Map([
  ['true', true],
  ['false', false],
]);

/** Most worker threads one root-parallel entrant may use. */
export const MAX_ENTRANT_THREADS = 16;

/** A spec split into its search and its root-parallel thread count (0: on the arena's own thread). */
export function entrantThreads(spec: string): { base: string; threads: number } {
  const m = /^(.*)@(\d+)$/.exec(spec);
  return m ? { base: m[1], threads: wholeNumberOf(m[2]) } : { base: spec, threads: 0 };
}

/** The fixed iteration budget a spec names (uct:2000, master:5000:epsilon=0.1@2), or undefined. */
export function entrantIterations(spec: string): number | undefined {
  const count = entrantThreads(spec).base.split(':').slice(1).find((part) => /^\d+$/.test(part));
  return count === undefined ? undefined : wholeNumberOf(count);
}

/** Why a root-parallel spec (<entrant>@<N>) cannot be seated, or null. */
export function threadsError(spec: string): string | null {
  const { base, threads } = entrantThreads(spec);
  if (!(threads >= 1 && threads <= MAX_ENTRANT_THREADS)) return `${spec}: the thread count after @ must be 1 to ${MAX_ENTRANT_THREADS}`;
  if (!TUNABLE.has(base.split(':')[0])) return `${spec}: only master and uct search root-parallel (@N), not "${base}"`;
  const searcher = entrantSearcher(base);
  return typeof searcher === 'string' ? searcher : null;
}

/** The entrant's search, or the reason the spec names none. */
export function entrantSearcher(spec: string): SearcherFactory | string {
  if (isLevel(spec)) return (position, options) => createSearcher(position, { ...options, level: spec });
  if (spec === 'paranoid' || spec === 'brs') {
    return (position, options) => new StrategistSearcher(new SearchContext(position, options, LEVEL_DEFAULT_MOVETIME.strategist), spec);
  }
  const [name, ...parts] = spec.split(':');
  const defaultsFor = TUNABLE.get(name);
  if (!defaultsFor) return `"${spec}" is neither a level (${LEVELS.join(', ')}), a baseline (${BASELINES.join(', ')}) nor cmd:<command>`;
  const params = defaultsFor(2); // names and types of the parameters; the round's own defaults are used below
  const changed: Partial<MctsParams> = {};
  let iterations: number | undefined;
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      iterations = wholeNumberOf(part);
      if (!(iterations > 0 && iterations <= 1e9)) return `${spec}: the iteration budget must be 1 to 1000000000, not ${part}`;
      continue;
    }
    const m = /^(\w+)=(.*)$/.exec(part);
    const key = m?.[1] as keyof MctsParams | undefined;
    if (!m || !key || !Object.hasOwn(params, key)) return `${spec}: "${part}" is neither an iteration count nor <parameter>=<value> (parameters: ${Object.keys(params).join(', ')})`;
    // Numbers in decimal digits only (0.3, 12): no sign, exponent or hexadecimal, as everywhere on the command line.
    const value = typeof params[key] === 'boolean' ? BOOLEAN_WORDS.get(m[2]) : decimalOf(m[2]);
    if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return `${spec}: ${key} must be ${typeof params[key] === 'boolean' ? 'true or false' : 'a number in decimal digits (like 0.3)'}, not "${m[2]}"`;
    (changed as Record<string, number | boolean>)[key] = value;
  }
  return (position, options) => {
    const budget = iterations === undefined ? options : { ...options, movetime: undefined, iterations };
    const ctx = new SearchContext(position, budget, LEVEL_DEFAULT_MOVETIME.master);
    return new MctsSearcher(ctx, { ...defaultsFor(ctx.seating.players), ...changed });
  };
}
