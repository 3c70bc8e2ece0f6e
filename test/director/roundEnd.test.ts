import { describe, expect, it } from 'vitest';
import { Director } from '../../src/director/timeline';
import { type Colour, Game, type GameOptions, Random } from '../../src/engine';
import { type Step, TIMING } from '../../src/director/steps';

/** A round played to its end with random legal moves. */
function finishedGame(options: GameOptions, seed: number): Game {
  const game = new Game(options);
  const random = new Random(seed);
  while (!game.state.over) {
    const legal = game.legalMoves();
    game.play(legal[random.below(legal.length)]);
  }
  return game;
}

/** The director after the whole round, with the end's steps. */
function ended(options: GameOptions, seed = 1) {
  const game = finishedGame(options, seed);
  const d = new Director();
  d.sync(game.events);
  const count = d.queue.at(-2)!;
  const winner = d.queue.at(-1)!;
  return { game, d, count, winner };
}

const tallies = (count: Step) => count.motions.filter((m) => m.kind === 'tally');
const hops = (count: Step, colour: Colour) => count.motions.filter((m) => m.kind === 'hop' && m.colour === colour);

describe('director: the end of a round', () => {
  it('counts colour by colour in seat order, each colour complete before the next, then the winner\'s moment', () => {
    const { game, d, count, winner } = ended({ players: 4, seed: 12 });
    expect([count.kind, winner.kind]).toEqual(['count', 'winner']);
    const scores = game.state.result!.scores;
    expect(tallies(count).map((m) => m.colour)).toEqual(game.setup.players.flat());
    let previousEnd = 0;
    for (const tally of tallies(count)) {
      const balls = hops(count, tally.colour);
      expect(balls).toHaveLength(scores[tally.colour]!);
      // Its balls hop inside its turn, after the colour before has finished and paused.
      expect(tally.delay).toBeGreaterThanOrEqual(previousEnd);
      for (const hop of balls) {
        expect(hop.delay).toBeGreaterThanOrEqual(tally.delay);
        expect(hop.delay + hop.duration).toBeLessThanOrEqual(tally.delay + tally.duration - TIMING.countPause + 1e-9);
      }
      previousEnd = tally.delay + tally.duration;
      // Halfway through its hops: this colour is the one counted, part of its balls counted, the ones before complete.
      const mid = d.sample(count.start + tally.delay + (tally.duration - TIMING.countPause) / 2).roundOver!;
      expect(mid.phase).toBe('counting');
      expect(mid.counting).toBe(tally.colour);
      expect(mid.counted[tally.colour] ?? 0).toBeLessThanOrEqual(scores[tally.colour]!);
      // While its number stands (the pause): complete, and nothing of the next colour yet.
      const standing = d.sample(count.start + tally.delay + tally.duration - TIMING.countPause / 2).roundOver!;
      expect(standing.counted[tally.colour] ?? 0).toBe(scores[tally.colour]);
      expect(Object.values(standing.counted).reduce((a, b) => a! + b!, 0)).toBe(
        game.setup.players.flat().slice(0, game.setup.players.flat().indexOf(tally.colour) + 1).reduce((a, c) => a + scores[c]!, 0),
      );
    }
    expect(count.duration).toBeCloseTo(previousEnd);
    // The winner's moment: the full counts and the winners' colours.
    const moment = d.sample(winner.start + winner.duration / 2).roundOver!;
    expect(moment.phase).toBe('winner');
    expect(moment.counted).toEqual(scores);
    expect(moment.winners).toEqual(game.state.result!.winners.flatMap((p) => game.setup.players[p]));
    expect(winner.duration).toBe(TIMING.winner);
    d.skip();
    expect(d.sample().roundOver).toMatchObject({ phase: 'done', counted: scores, counting: null });
  });

  it('counts a team\'s two colours one after the other, and gives a colour with no ball its turn at 0', () => {
    const { game, d, count } = ended({ players: 2, variant: 'team', seed: 8 }, 3);
    expect(tallies(count).map((m) => m.colour)).toEqual(game.setup.players.flat());
    expect(game.setup.players.every((colours) => colours.length === 2)).toBe(true);
    // A colour with no ball on a full board: a board where one colour was wiped out.
    const finished = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) => ended({ players: 4, size: 8, seed }, seed)).find((e) => Object.values(e.game.state.result!.scores).includes(0));
    if (finished) {
      const empty = tallies(finished.count).find((m) => finished.game.state.result!.scores[m.colour] === 0)!;
      expect(empty.duration).toBeCloseTo(TIMING.countPause);
      expect(finished.d.sample(finished.count.start + empty.delay + empty.duration / 2).roundOver!.counting).toBe(empty.colour);
    }
    expect(d.busy).toBe(true);
  });

  it('stays watchable but short: a colour\'s balls all start hopping within countColour, four colours in under eight seconds', () => {
    for (const players of [2, 3, 4]) {
      const { count, winner } = ended({ players, seed: 4 }, players);
      for (const tally of tallies(count)) {
        const started = hops(count, tally.colour).map((h) => h.delay - tally.delay);
        expect(Math.max(0, ...started)).toBeLessThanOrEqual(TIMING.countColour + 1e-9);
      }
      expect(count.duration).toBeLessThan(8);
      expect(count.duration + winner.duration).toBeGreaterThan(3);
    }
  });

  it('with reduced motion the clock passes the count and the winner\'s moment: the result follows the last move at once', () => {
    const game = finishedGame({ players: 2, size: 4, seed: 5 }, 5);
    const d = new Director();
    d.setReducedMotion(true);
    d.sync(game.events);
    const count = d.queue.at(-2)!;
    // Frame by frame: no moment inside the count or the winner's moment is ever shown.
    while (d.busy) {
      d.advance(1 / 60);
      const at = d.sample();
      expect(at.step === 'count' || at.step === 'winner', `at ${d.time}`).toBe(false);
      if (d.time >= count.start) expect(d.busy).toBe(false);
    }
    expect(d.sample().roundOver!.phase).toBe('done');
    expect(d.shownEvents).toBe(game.events.length);
  });

  it('with reduced motion switched on during the count, the next frame shows the result', () => {
    const game = finishedGame({ players: 2, size: 4, seed: 5 }, 5);
    const d = new Director();
    d.sync(game.events);
    const count = d.queue.at(-2)!;
    d.advance(count.start + 0.5);
    expect(d.sample().roundOver!.phase).toBe('counting');
    d.setReducedMotion(true);
    d.advance(1 / 60);
    expect(d.busy).toBe(false);
    expect(d.sample().roundOver!.phase).toBe('done');
  });

  it('a take-back after the end clears the result and the winners', () => {
    const game = finishedGame({ players: 2, size: 4, seed: 5 }, 5);
    const d = new Director();
    d.sync(game.events);
    game.takeBack();
    d.sync(game.events);
    d.skip();
    expect(d.sample().roundOver).toBeNull();
  });
});
