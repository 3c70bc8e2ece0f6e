/**
 * Ratings (docs/online.md, Players and ratings): Weng-Lin's Bayesian rating with the
 * Plackett-Luce model (the `openskill` package), for rounds of 2 to 4 seats. Each seat is one
 * rated party (a Team round's seat plays two colours), persons and computer levels alike.
 *
 * Nobody buys a rating with keys they hold: what a round moves is weighed by who it was played
 * against, as Glicko weighs an opponent by the certainty of their rating and as lichess and
 * BoardGameArena damp repeated pairings. A computer level weighs 1 (the anchors every new player
 * is measured against); a person weighs the certainty of their rating (none while new, growing
 * to 1 once settled) times how often the two met within a day.
 */
import type { PlayerKind } from '../../wire/players';
import { rate, rating as newRating } from 'openskill';
import { placings } from '../../engine';

export { placings };

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

/**
 * The weight of rated rounds (each counts the weight it had: ROUND WEIGHT below) a person's rating
 * needs before it is settled, no longer provisional. A computer level is never provisional.
 */
export const PROVISIONAL_GAMES = 10;

/** Rated rounds of the same two players within REPEAT_HOURS that count in full; each one more counts half the one before. */
export const REPEATS_IN_FULL = 3;
export const REPEAT_HOURS = 24;

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

/** Whether a rating is provisional: a person's whose rated rounds weigh less than PROVISIONAL_GAMES. */
export function isProvisional(kind: PlayerKind, settled: number): boolean {
  return kind !== 'computer' && settled < PROVISIONAL_GAMES;
}

/**
 * How much a person counts as an opponent by the certainty of their rating: (settled / 10)², so 0
 * for a new player, 0.25 half-way, 1 once settled (a computer level counts 1).
 */
export function certainty(kind: PlayerKind, settled: number): number {
  return kind === 'computer' ? 1 : Math.min(1, settled / PROVISIONAL_GAMES) ** 2;
}

/** How much a round counts between two persons who played `before` rated rounds together within REPEAT_HOURS: 1 for the first REPEATS_IN_FULL, then half, a quarter... */
export function repeatWeight(before: number): number {
  return before < REPEATS_IN_FULL ? 1 : 0.5 ** (before - REPEATS_IN_FULL + 1);
}

/** What the round weighs for a party: the mean of its opponents' weights (opponent: another id of the round). */
export function roundWeight(parties: readonly { id: string }[], index: number, opponentWeight: (id: string, opponent: string) => number): number {
  const self = parties[index].id;
  const weights = parties.filter((p) => p.id !== self).map((p) => opponentWeight(self, p.id));
  return weights.length === 0 ? 0 : weights.reduce((a, b) => a + b, 0) / weights.length;
}

/**
 * Every party's rating after the round, and the weight the round had for it. OpenSkill rates the
 * round; each party's move of mu, and of its uncertainty (sigma², which a rated round shrinks),
 * is then its round weight's share of that move. A player on two seats of one round (two
 * computers of one level) is rated for each from the same rating before, and keeps the mean of
 * the two.
 */
export function rateRound(parties: readonly Party[], opponentWeight: (id: string, opponent: string) => number = () => 1): Map<string, Skill & { weight: number }> {
  const after = rate(
    parties.map((p) => [p.before]),
    { rank: parties.map((p) => p.rank) },
  );
  const sums = new Map<string, { mu: number; sigma: number; weight: number; n: number }>();
  parties.forEach((p, i) => {
    const weight = roundWeight(parties, i, opponentWeight);
    const { mu, sigma } = after[i][0];
    const variance = p.before.sigma ** 2 - weight * (p.before.sigma ** 2 - sigma ** 2);
    const sum = sums.get(p.id) ?? { mu: 0, sigma: 0, weight: 0, n: 0 };
    sums.set(p.id, { mu: sum.mu + p.before.mu + weight * (mu - p.before.mu), sigma: sum.sigma + Math.sqrt(variance), weight: sum.weight + weight, n: sum.n + 1 });
  });
  return new Map([...sums].map(([id, s]) => [id, { mu: s.mu / s.n, sigma: s.sigma / s.n, weight: s.weight / s.n }]));
}
