/**
 * Ratings (docs/online.md, Players and ratings): Weng-Lin's Bayesian rating with the
 * Plackett-Luce model (the `openskill` package), for rounds of 2 to 4 seats. Each seat is one
 * rated party (a Team round's seat plays two colours), persons and computer levels alike.
 */
import { rate, rating as newRating } from 'openskill';

export interface Skill {
  mu: number;
  sigma: number;
}

/** A rated party of a round: its id, its placing (1 best, ties share) and its rating before. */
export interface Party {
  id: string;
  rank: number;
  before: Skill;
}

/** Rated rounds before a rating stops being provisional. */
export const PROVISIONAL_GAMES = 10;

/** The rating of a player who has never played a rated round. */
export function firstSkill(): Skill {
  return newRating();
}

/**
 * The rating shown to people: 1500 for a new player, 60 points to one of Weng-Lin's mu (so a
 * rating moves by tens of points a round, as players know from Elo).
 */
export function shownRating(skill: Skill): number {
  return Math.round(1500 + 60 * (skill.mu - 25));
}

/**
 * Placings of a round's seats: by score (most balls first, fewest in misere), ties sharing;
 * every seat given up (`forfeit`) after all the others, sharing the last place.
 */
export function placings(scores: readonly number[], misere: boolean, forfeit: readonly boolean[]): number[] {
  const better = (a: number, b: number) => (misere ? a < b : a > b);
  const playedOn = scores.flatMap((s, i) => (forfeit[i] ? [] : [s]));
  return scores.map((score, i) => (forfeit[i] ? playedOn.length + 1 : 1 + playedOn.filter((s) => better(s, score)).length));
}

/**
 * Every party's rating after the round. A player on two seats of one round (two computers of one
 * level) is rated for each from the same rating before, and keeps the mean of the two.
 */
export function rateRound(parties: readonly Party[]): Map<string, Skill> {
  const after = rate(
    parties.map((p) => [p.before]),
    { rank: parties.map((p) => p.rank) },
  );
  const sums = new Map<string, { mu: number; sigma: number; n: number }>();
  parties.forEach((p, i) => {
    const sum = sums.get(p.id) ?? { mu: 0, sigma: 0, n: 0 };
    sums.set(p.id, { mu: sum.mu + after[i][0].mu, sigma: sum.sigma + after[i][0].sigma, n: sum.n + 1 });
  });
  return new Map([...sums].map(([id, s]) => [id, { mu: s.mu / s.n, sigma: s.sigma / s.n }]));
}
