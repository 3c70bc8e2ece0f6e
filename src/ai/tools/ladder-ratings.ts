/**
 * Elo-style ratings fitted to every game of a round robin at once: the Bradley-Terry model on
 * the Elo scale, P(i beats j) = 1 / (1 + 10^((Rj - Ri) / 400)), by maximum likelihood (Newton's
 * method). A draw counts half a win each way. A weak prior, one virtual draw between every pair,
 * keeps a player that won (or lost) every game finite. One player is the anchor with a fixed
 * rating; the others' uncertainty comes from the Fisher information (the inverse of the
 * log-likelihood's negative Hessian with the anchor removed), so it is relative to the anchor.
 */

/** One game between two players: `score` is a's result, 1 win, 0.5 draw, 0 loss. */
export interface PairResult {
  a: number;
  b: number;
  score: number;
}

export interface RatingFit {
  /** Elo-scale rating per player; the anchor has exactly `anchorRating`. */
  ratings: number[];
  /** Standard error of each rating (0 for the anchor), Elo points. */
  errors: number[];
}

/** Virtual draws between every pair of players: the prior. */
export const PRIOR_DRAWS = 1;
const ELO_PER_NATURAL = 400 / Math.LN10;

/** Fits ratings for `players` players from the games; throws on a result that names no player or has a score outside 0..1. */
export function fitRatings(players: number, results: PairResult[], anchor = 0, anchorRating = 0): RatingFit {
  if (!(anchor >= 0 && anchor < players)) throw new Error(`the anchor must be a player 0..${players - 1}, not ${anchor}`);
  // wins[i][j]: i's points against j, including the prior's half point each way.
  const wins = Array.from({ length: players }, (_, i) => Array.from({ length: players }, (_, j) => (i === j ? 0 : PRIOR_DRAWS / 2)));
  results.forEach((r, k) => {
    const ok = Number.isInteger(r.a) && Number.isInteger(r.b) && r.a !== r.b && r.a >= 0 && r.b >= 0 && r.a < players && r.b < players && r.score >= 0 && r.score <= 1;
    if (!ok) throw new Error(`result ${k + 1} (${JSON.stringify(r)}) needs two different players 0..${players - 1} and a score from 0 to 1`);
    wins[r.a][r.b] += r.score;
    wins[r.b][r.a] += 1 - r.score;
  });
  const free = Array.from({ length: players }, (_, i) => i).filter((i) => i !== anchor);
  const theta = new Array<number>(players).fill(0);
  let information: number[][] = [];
  for (let iteration = 0; iteration < 100; iteration++) {
    // Gradient and negative Hessian of the log-likelihood over the free players.
    const gradient = free.map(() => 0);
    information = free.map(() => free.map(() => 0));
    free.forEach((i, fi) => {
      for (let j = 0; j < players; j++) {
        if (j === i) continue;
        const games = wins[i][j] + wins[j][i];
        const p = 1 / (1 + Math.exp(theta[j] - theta[i]));
        gradient[fi] += wins[i][j] - games * p;
        const w = games * p * (1 - p);
        information[fi][fi] += w;
        const fj = free.indexOf(j);
        if (fj >= 0) information[fi][fj] -= w;
      }
    });
    const step = solveLinear(information, gradient);
    step.forEach((d, fi) => (theta[free[fi]] += d));
    if (Math.max(0, ...step.map(Math.abs)) < 1e-10) break;
  }
  const covariance = invert(information);
  return {
    ratings: theta.map((t) => anchorRating + t * ELO_PER_NATURAL),
    errors: theta.map((_, i) => (i === anchor ? 0 : Math.sqrt(covariance[free.indexOf(i)][free.indexOf(i)]) * ELO_PER_NATURAL)),
  };
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A symmetric positive definite here). */
function solveLinear(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) pivot = r;
    [m[c], m[pivot]] = [m[pivot], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

function invert(a: number[][]): number[][] {
  const columns = a.map((_, j) => solveLinear(a, a.map((__, i) => (i === j ? 1 : 0))));
  return a.map((_, i) => columns.map((column) => column[i]));
}
