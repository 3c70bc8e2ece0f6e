/** The worker's background evaluation (the master's per-player root values) for the evaluation bar. */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine';
import { type FromWorker, thinkRequest } from '../../src/ai/browser/messages';
import { allSearches } from '../../src/ai/browser/allSearches';
import { WorkerBrain } from '../../src/ai/browser/worker-brain';

function evaluate(game: Game, iterations: number): { values: number[]; work: number } {
  const queue: (() => void)[] = [];
  const posted: FromWorker[] = [];
  const brain = new WorkerBrain((m) => posted.push(m), allSearches, (fn) => queue.push(fn), 1);
  const request = thinkRequest(game.positionCopy(), [0, 1, 2, 3], false, { seed: 1, level: 'beginner', iterations });
  brain.handle({ type: 'evaluate', id: 3, request });
  while (queue.length) queue.shift()!();
  const answer = posted.find((m) => m.type === 'evaluation');
  if (!answer || answer.type !== 'evaluation') throw new Error(`no evaluation: ${JSON.stringify(posted)}`);
  expect(answer.id).toBe(3);
  return answer;
}

describe('evaluate', () => {
  it('answers one value per player, summing to 1 (win share and board share each sum to 1)', () => {
    const game = new Game({ players: 4, seed: 2 });
    const { values, work } = evaluate(game, 2000);
    expect(work).toBe(2000); // the master searched (the request's level is ignored)
    expect(values).toHaveLength(4);
    expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(values.every((v) => v > 0 && v < 1)).toBe(true);
  });

  it('a colour that cannot be caught any more is valued highest', () => {
    const game = new Game({ players: 4, seed: 2 });
    // Let each move be the one that gives red the most: red's greedy play against beginners.
    while (game.state.moves.length < 57) {
      const moves = game.legalMoves();
      const pick = game.state.toMove === 'red' ? moves.reduce((a, b) => ((game.check(b) as { rolls: string[] }).rolls.length > (game.check(a) as { rolls: string[] }).rolls.length ? b : a)) : moves[moves.length - 1];
      game.play(pick);
    }
    const { values, work } = evaluate(game, 3000);
    const scores = ['red', 'yellow', 'green', 'blue'].map((c) => Object.values(game.state.board).filter((b) => b === c).length);
    const leader = scores.indexOf(Math.max(...scores));
    // Three sockets left: a lead this large cannot be lost, so the test means something.
    expect(Math.max(...scores) - [...scores].sort((a, b) => b - a)[1]).toBeGreaterThan(9);
    // Solved exactly (no playout): the leader wins.
    expect(work).toBe(0);
    expect(values).toEqual([0, 1, 2, 3].map((p) => (p === leader ? 1 : 0)));
  });
});
