/**
 * A round's outcome for its seats once some were given up (docs/online.md, Players and ratings):
 * the placings that rate a round, and its winners as every screen says them (the round's end, the
 * profile, the replay). A seat given up never wins, whatever balls it had.
 */

/**
 * Placings of a round's seats: by score (most balls first, fewest in misere), ties sharing;
 * every seat given up after all the others, sharing the last place.
 */
export function placings(scores: readonly number[], misere: boolean, gaveUp: readonly boolean[]): number[] {
  const better = (a: number, b: number) => (misere ? a < b : a > b);
  const playedOn = scores.flatMap((s, i) => (gaveUp[i] ? [] : [s]));
  return scores.map((score, i) => (gaveUp[i] ? playedOn.length + 1 : 1 + playedOn.filter((s) => better(s, score)).length));
}

/** A round's result as every screen says it: its winners placed first among the seats not given up (`gaveUp` null: none was). */
export function roundOutcome<R extends { playerScores: number[]; winners: number[] }>(result: R, misere: boolean, gaveUp: readonly boolean[] | null): R {
  return gaveUp?.some(Boolean) ? { ...result, winners: outcomeWinners(result.playerScores, misere, gaveUp) } : result;
}

/** The seats that won: placed first and not given up (none when every seat was given up). */
export function outcomeWinners(scores: readonly number[], misere: boolean, gaveUp: readonly boolean[]): number[] {
  const ranks = placings(scores, misere, gaveUp);
  return ranks.flatMap((rank, seat) => (rank === 1 && !gaveUp[seat] ? [seat] : []));
}
