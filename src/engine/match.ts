import type { RoundResult } from './state';

/**
 * A match is several rounds. Between rounds the players change seats (and so colours) to balance
 * the chances: in round r (0-based) player p sits in seat (p + r) mod n. Each round's winners
 * (shared wins count for every winner) get a round won; most rounds won takes the match, ties
 * broken by total balls (fewest in misere).
 */
export interface Standing {
  player: number;
  roundsWon: number;
  balls: number;
}

export interface MatchStandings {
  type: 'matchStandings';
  roundsPlayed: number;
  /** One entry per player, best first. */
  standings: Standing[];
  /** Players leading the match (shared when rounds won and balls are equal). */
  leaders: number[];
}

export function playerInSeat(seat: number, round: number, players: number): number {
  return (((seat - round) % players) + players) % players;
}

/** Standings after the given rounds (results in seat order, as roundOver reports them). */
export function matchStandings(results: readonly RoundResult[], players: number, misere = false): MatchStandings {
  const table: Standing[] = Array.from({ length: players }, (_, player) => ({ player, roundsWon: 0, balls: 0 }));
  results.forEach((result, round) => {
    result.playerScores.forEach((score, seat) => {
      table[playerInSeat(seat, round, players)].balls += score;
    });
    for (const seat of result.winners) table[playerInSeat(seat, round, players)].roundsWon += 1;
  });
  const standings = [...table].sort((a, b) => b.roundsWon - a.roundsWon || (misere ? a.balls - b.balls : b.balls - a.balls) || a.player - b.player);
  const top = standings[0];
  const leaders = standings
    .filter((s) => s.roundsWon === top.roundsWon && s.balls === top.balls)
    .map((s) => s.player);
  return { type: 'matchStandings', roundsPlayed: results.length, standings, leaders };
}
