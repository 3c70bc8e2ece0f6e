/**
 * Benchmark of the exact endgame solvers: cold solves (empty transposition table) of seeded
 * endgames, printing per-position figures and min/median/max time and nodes/s. Two players:
 * solver.ts; three and four: the max^n solver (maxnSolver.ts).
 * Run it with `npm run rolit -- solve --bench [--players 2|3|4] [--random-empties 14] [--positions 20] [--seed 1]`.
 */
import type { BoardSize } from '../../engine/geometry';
import { MAX_MOVES, Position } from '../../engine/position';
import { Random } from '../../engine/random';
import { MaxnSolver } from '../maxnSolver';
import { EndgameSolver } from '../solver';

export type PlayPolicy = 'random' | 'greedy';

/**
 * A position with `empties` empty squares reached from `start` by seeded play: each move is a
 * random legal move ('random') or one rolling the most balls, ties broken at random ('greedy').
 * Pro doubles can skip past `empties`; play stops at the first position with at most that many.
 */
export function randomEndgame(start: Position, empties: number, seed: number, policy: PlayPolicy): Position {
  const pos = start.clone();
  const random = new Random(seed);
  const moves = new Int32Array(MAX_MOVES);
  const rolled = new Int32Array(64);
  while (pos.empties > empties) {
    const n = pos.generate(moves);
    let move = moves[random.below(n)];
    if (policy === 'greedy') {
      let best = -1;
      for (let i = 0; i < n; i++) {
        const score = pos.rolls(moves[i], rolled) + random.next();
        if (score > best) {
          best = score;
          move = moves[i];
        }
      }
    }
    pos.make(move);
  }
  return pos.clone();
}

export interface BenchRow {
  seed: number;
  policy: PlayPolicy;
  /** The ball difference (two players) or the winners' seats, "0" or "1+3" (three and four). */
  value: string;
  nodes: number;
  ms: number;
}

export interface BenchOptions {
  size?: BoardSize;
  /** 2 (default): red against green; 3: red, yellow, green; 4: all four colours. */
  players?: 2 | 3 | 4;
  empties?: number;
  positions?: number;
  seed?: number;
  log?: (line: string) => void;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * Solves `positions` endgames (half reached by random play, half by greedy play; red against
 * green, red first) with a cold table each, and prints a line per position and a summary.
 */
export function benchSolver(options: BenchOptions = {}): BenchRow[] {
  const size = options.size ?? 8;
  const players = options.players ?? 2;
  const empties = options.empties ?? (players === 2 ? 14 : 9);
  const count = options.positions ?? 20;
  const seed0 = options.seed ?? 1;
  const log = options.log ?? console.log;
  const colours = players === 2 ? [0, 2] : players === 3 ? [0, 1, 2] : [0, 1, 2, 3];
  const start = Position.start(size, colours, 0);
  // value: the ball difference (two players), or the winners' seats (three and four).
  const two = new EndgameSolver();
  const many = new MaxnSolver();
  const solver = {
    name: players === 2 ? 'red vs green' : `${players} players (max^n)`,
    clear: () => (players === 2 ? two.clearTable() : many.clearTable()),
    solve(p: Position): { nodes: number; value: string } {
      if (players > 2) {
        const r = many.solve(p);
        return { nodes: r.nodes, value: r.winners.join('+') };
      }
      const r = two.solve(p, { line: false });
      return { nodes: r.nodes, value: String(r.value) };
    },
  };
  // Warm up the JIT on a few smaller solves so the first measured position is not penalised.
  for (let i = 0; i < 5; i++) solver.solve(randomEndgame(start, Math.min(empties, players === 2 ? 10 : 7), 1000 + i, 'random'));
  log(`exact solver: ${count} positions, ${size}x${size}, ${solver.name}, ${empties} empties, cold table each`);
  log(`seed  play   ${players === 2 ? ' value' : 'winner'}      nodes      ms   nodes/s`);
  const rows: BenchRow[] = [];
  for (let i = 0; i < count; i++) {
    const seed = seed0 + i;
    const policy: PlayPolicy = i % 2 === 0 ? 'random' : 'greedy';
    const pos = randomEndgame(start, empties, seed, policy);
    solver.clear();
    const t0 = performance.now();
    const r = solver.solve(pos);
    const ms = performance.now() - t0;
    const value = r.value;
    rows.push({ seed, policy, value, nodes: r.nodes, ms });
    log(`${String(seed).padStart(4)}  ${policy.padEnd(6)} ${value.padStart(6)} ${String(r.nodes).padStart(10)} ${ms.toFixed(1).padStart(7)} ${rate(r.nodes, ms).padStart(9)}`);
  }
  const times = rows.map((r) => r.ms).sort((a, b) => a - b);
  const nodes = rows.map((r) => r.nodes).sort((a, b) => a - b);
  const totalNodes = nodes.reduce((a, b) => a + b, 0);
  const totalMs = times.reduce((a, b) => a + b, 0);
  log(`time ms: min ${times[0].toFixed(1)}  median ${percentile(times, 0.5).toFixed(1)}  max ${times[times.length - 1].toFixed(1)}  total ${totalMs.toFixed(0)}`);
  log(`nodes:   min ${nodes[0]}  median ${percentile(nodes, 0.5)}  max ${nodes[nodes.length - 1]}`);
  log(`speed:   ${rate(totalNodes, totalMs)} nodes/s overall`);
  return rows;
}

function rate(nodes: number, ms: number): string {
  return ms > 0 ? `${((nodes / ms) * 1000 / 1e6).toFixed(2)}M` : '-';
}
