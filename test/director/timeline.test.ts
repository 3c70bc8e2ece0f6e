import { describe, expect, it } from 'vitest';
import { Director } from '../../src/director/timeline';
import { foldEvents, Game, type GameEvent, type GameOptions, parseSquare, Random, squareName } from '../../src/engine';
import { BALL_COUNT, TIMING } from '../../src/director/steps';
import { emptyVisualState, type VisualState } from '../../src/director/view';

/** The board a visual state shows once everything has settled: square name -> colour. */
function boardOf(view: VisualState): Record<string, string> {
  const board: Record<string, string> = {};
  view.sockets.forEach((s, i) => {
    if (s) board[squareName(view.size, i)] = s.colour;
  });
  return board;
}

/** Every ball is exactly once in a socket or a supply slot (in flight counts as in its socket). */
function expectBallsConserved(view: VisualState): void {
  const seen: number[] = [];
  for (const s of view.sockets) if (s) seen.push(s.ball);
  for (const b of view.supply) if (b >= 0) seen.push(b);
  expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: BALL_COUNT }, (_, i) => i));
}

function randomGame(options: GameOptions, moves: number, seed: number): Game {
  const game = new Game(options);
  const random = new Random(seed);
  for (let i = 0; i < moves && !game.state.over; i++) {
    const legal = game.legalMoves();
    game.play(legal[random.below(legal.length)]);
  }
  return game;
}

/** A seed whose start throws include a colour not in play (two players: red and green). */
function seedWithRethrow(): number {
  for (let seed = 1; seed < 1000; seed++) {
    const game = new Game({ players: 2, seed });
    if (game.events.filter((e) => e.type === 'ballThrown').length >= 2) return seed;
  }
  throw new Error('no seed with a re-throw below 1000');
}

describe('director: a new round', () => {
  it('queues the start balls, one throw per ballThrown (re-throws included), then the turn', () => {
    const seed = seedWithRethrow();
    const game = new Game({ players: 2, seed });
    const throws = game.events.filter((e) => e.type === 'ballThrown') as Extract<GameEvent, { type: 'ballThrown' }>[];
    const d = new Director();
    d.sync(game.events);
    expect(d.queue.map((s) => s.kind)).toEqual(['start', ...throws.map(() => 'throw'), 'turn']);
    expect(throws.slice(0, -1).every((t) => !t.inPlay)).toBe(true);
    // A throw of a colour not in play lasts longer: it stays visible before the next throw.
    const throwSteps = d.queue.filter((s) => s.kind === 'throw');
    expect(throwSteps[0].duration).toBeCloseTo(TIMING.throw + TIMING.rethrowPause);
    expect(throwSteps[throwSteps.length - 1].duration).toBeCloseTo(TIMING.throw);
    // Sampled during each throw: that throw's colour and index, progress through the flight.
    throwSteps.forEach((step, i) => {
      const mid = d.sample(step.start + TIMING.throw / 2).throwBall!;
      expect(mid).toMatchObject({ index: i, colour: throws[i].colour, inPlay: throws[i].inPlay });
      expect(mid.progress).toBeCloseTo(0.5);
      expect(d.sample(step.start + TIMING.throw + 0.01).throwBall!.progress).toBe(1);
    });
    expect(d.busy).toBe(true);
  });

  it('starts from a full supply, moves four balls into the centre, ends with the mover lit', () => {
    const game = new Game({ seed: 5 });
    const d = new Director();
    d.sync(game.events);
    const first = d.sample(0);
    expect(first.sockets.every((s) => s === null || (s.phase.kind === 'arriving' && s.phase.progress === 0))).toBe(true);
    expectBallsConserved(first);
    const mid = d.sample(TIMING.startBall / 2);
    expect(mid.sockets[parseSquare(8, 'd4')]!.phase).toMatchObject({ kind: 'arriving', progress: 0.5 });
    expectBallsConserved(mid);
    d.skip();
    const end = d.sample();
    expect(boardOf(end)).toEqual(game.state.board);
    expect(end.supply.filter((b) => b >= 0)).toHaveLength(60);
    expect(end.litButton).toBe(game.state.toMove);
    expect(end.throwBall).toMatchObject({ colour: game.state.toMove, inPlay: true, progress: 1 });
    expect(end.size).toBe(8);
    expect(d.busy).toBe(false);
  });
});

describe('director: the balls at rest while the board is emptied and set', () => {
  it('counts the old round’s balls as they leave, then the start balls as they land, and nothing once the round plays', () => {
    const old = new Game({ players: 4, seed: 5 });
    for (let i = 0; i < 6; i++) old.play(old.legalMoves()[0]);
    const d = new Director();
    d.sync(old.events);
    d.skip();
    expect(d.ballsAtRest()).toBeNull();
    // Another round (a quick-play table, say): the ten balls fly back, then four come in.
    const next = new Game({ players: 2, seed: 7 });
    d.sync(next.events);
    expect(d.queue[0].kind).toBe('clear');
    const total = (counts: ReturnType<Director['ballsAtRest']>) => Object.values(counts ?? {}).reduce((a, b) => a + b, 0);
    expect(total(d.ballsAtRest())).toBe(10);
    d.advance(TIMING.clearStagger * 3);
    const leaving = total(d.ballsAtRest());
    expect(leaving).toBeLessThan(10);
    expect(leaving).toBeGreaterThan(0);
    // Through the clear to the start: none yet, then the four.
    const start = d.queue.find((s) => s.kind === 'start')!;
    d.advance(start.start - d.sample().time + 0.001);
    expect(total(d.ballsAtRest())).toBe(0);
    d.advance(start.duration - 0.01);
    expect(total(d.ballsAtRest())).toBeGreaterThanOrEqual(3);
    d.advance(0.02);
    expect(d.ballsAtRest()).toBeNull();
  });
});

describe('director: the start ball goes back into the box', () => {
  it('lies where it came to rest until the first move, goes back as that move is played, and stays away after a take-back', () => {
    const game = new Game({ seed: 5 });
    const d = new Director();
    d.sync(game.events);
    d.skip();
    expect(d.sample().throwBall).toMatchObject({ progress: 1, boxed: 0 });
    game.play(game.legalMoves()[0]);
    d.sync(game.events);
    const place = d.queue.find((s) => s.kind === 'place')!;
    expect(d.sample(place.start).throwBall).toMatchObject({ progress: 1, boxed: 0 });
    expect(d.sample(place.start + place.duration / 2).throwBall!.boxed).toBeCloseTo(0.5);
    d.skip();
    expect(d.sample().throwBall).toBeNull();
    // The second move's step has no start ball to put away.
    game.play(game.legalMoves()[0]);
    game.takeBack(true);
    game.takeBack(true);
    d.sync(game.events);
    d.skip();
    expect(d.sample().throwBall).toBeNull();
  });
});

describe('director: a gate holding steps at their start', () => {
  it('waits at the start of a throw the gate refuses, however far the clock is advanced, then plays it whole', () => {
    const game = new Game({ seed: 5 });
    const d = new Director();
    d.sync(game.events);
    const thrown = d.queue.find((s) => s.kind === 'throw')!;
    let ready = false;
    const asked: number[] = [];
    d.setGate((step) => {
      if (step.kind === 'throw') asked.push(step.after.throwBall!.seed);
      return step.kind !== 'throw' || ready;
    });
    let news = 0;
    d.subscribe(() => news++);
    d.advance(thrown.start + 5); // past the throw's end, were it not held
    expect(d.time).toBe(thrown.start);
    expect(d.sample().throwBall!.progress).toBe(0);
    expect(asked).toContain(thrown.after.throwBall!.seed);
    // Held, nothing changes: no news for the canvas.
    const before = news;
    d.advance(0.5);
    expect(d.time).toBe(thrown.start);
    expect(news).toBe(before);
    expect(d.busy).toBe(true);
    ready = true;
    d.advance(TIMING.throw / 2);
    expect(d.sample().throwBall!.progress).toBeCloseTo(0.5);
  });

  it('does not hold a step already under way, and skipping passes every gate', () => {
    const game = new Game({ seed: 5 });
    const d = new Director();
    d.sync(game.events);
    const thrown = d.queue.find((s) => s.kind === 'throw')!;
    d.advance(thrown.start + 0.1);
    d.setGate(() => false);
    d.advance(0.2);
    expect(d.time).toBeCloseTo(thrown.start + 0.3);
    d.skip();
    expect(d.busy).toBe(false);
    d.setGate(null);
  });
});

describe('director: moves', () => {
  it('places a ball along its flight, then rolls the captured balls one after another in event order', () => {
    // A position where a move rolls several balls: play until one does.
    const game = new Game({ seed: 11 });
    const d = new Director();
    d.sync(game.events);
    d.skip();
    const random = new Random(3);
    let rolled: Extract<GameEvent, { type: 'ballsRolled' }> | undefined;
    let placed: Extract<GameEvent, { type: 'ballPlaced' }> | undefined;
    while (!rolled || rolled.rolls.length < 3) {
      const legal = game.legalMoves();
      const events = game.play(legal[random.below(legal.length)]);
      d.sync([...game.events]);
      if (events.some((e) => e.type === 'ballsRolled' && e.rolls.length >= 3)) {
        rolled = events.find((e) => e.type === 'ballsRolled') as typeof rolled;
        placed = events.find((e) => e.type === 'ballPlaced') as typeof placed;
      } else d.skip();
      expect(game.state.over).toBe(false);
    }
    const kinds = d.queue.slice(-3).map((s) => s.kind);
    expect(kinds).toEqual(['place', 'roll', 'turn']);
    const [place, roll] = d.queue.slice(-3);
    expect(place.start).toBeCloseTo(d.time); // idle director: the move starts now
    const target = parseSquare(8, placed!.square);
    const flying = d.sample(place.start + place.duration * 0.25);
    expect(flying.sockets[target]!.phase.kind).toBe('arriving');
    expect((flying.sockets[target]!.phase as { progress: number }).progress).toBeCloseTo(0.25);
    expect(flying.sockets[target]!.colour).toBe(placed!.colour);
    expectBallsConserved(flying);
    // Roll i starts i staggers after the roll step starts; until then its ball shows the old colour.
    expect(roll.duration).toBeCloseTo((rolled.rolls.length - 1) * TIMING.rollStagger + TIMING.roll);
    rolled.rolls.forEach((r, i) => {
      const sq = parseSquare(8, r.square);
      const startAt = roll.start + i * TIMING.rollStagger;
      const before = d.sample(startAt - 0.01).sockets[sq]!;
      expect(before).toMatchObject({ colour: r.from, phase: { kind: 'still' } });
      const during = d.sample(startAt + TIMING.roll / 2).sockets[sq]!;
      expect(during.colour).toBe(r.to);
      expect(during.phase).toMatchObject({ kind: 'rolling', from: r.from });
      expect((during.phase as { progress: number }).progress).toBeCloseTo(0.5);
      expect(d.sample(startAt + TIMING.roll + 0.001).sockets[sq]).toMatchObject({ colour: r.to, phase: { kind: 'still' } });
    });
    // The ball keeps its identity through the roll.
    const sq0 = parseSquare(8, rolled.rolls[0].square);
    expect(d.sample(roll.start).sockets[sq0]!.ball).toBe(d.sample(roll.start + roll.duration).sockets[sq0]!.ball);
  });

  it('queues moves that arrive while busy after the ones playing', () => {
    const game = new Game({ seed: 2 });
    const d = new Director();
    d.sync(game.events);
    const endBefore = d.end;
    game.play(game.legalMoves()[0]);
    d.sync([...game.events]);
    const place = d.queue.find((s) => s.kind === 'place')!;
    expect(place.start).toBeCloseTo(endBefore);
    // Steps never overlap.
    for (let i = 1; i < d.queue.length; i++) expect(d.queue[i].start).toBeGreaterThanOrEqual(d.queue[i - 1].start + d.queue[i - 1].duration - 1e-9);
  });

  it('a Pro double places two balls one after the other', () => {
    // Red f4 captures the only yellow ball; yellow then has a double (rules.md example).
    const game = new Game({ variant: 'pro', first: 'red', seed: 1 });
    game.play('f4');
    const double = game.legalMoves().find((m) => m.includes('+'))!;
    game.play(double);
    const d = new Director();
    d.sync(game.events);
    const kinds = d.queue.map((s) => s.kind);
    expect(kinds.slice(-4)).toEqual(['place', 'place', 'roll', 'turn']);
    d.skip();
    expect(boardOf(d.sample())).toEqual(game.state.board);
  });
});

describe('director: clock, speed, skip, instant', () => {
  it('advances script time by real time times speed and never past the end', () => {
    const d = new Director();
    d.sync(new Game({ seed: 1 }).events);
    d.advance(0.5);
    expect(d.time).toBeCloseTo(0.5);
    d.setSpeed(4);
    d.advance(0.25);
    expect(d.time).toBeCloseTo(1.5);
    d.setSpeed(0.25);
    d.advance(1);
    expect(d.time).toBeCloseTo(1.75);
    d.advance(1000);
    expect(d.time).toBeCloseTo(d.end);
    expect(d.busy).toBe(false);
    expect(d.advance(1)).toBe(false);
  });

  it('rejects a speed that is not positive', () => {
    const d = new Director();
    expect(() => d.setSpeed(0)).toThrow(/positive/);
    expect(() => d.setSpeed(Number.NaN)).toThrow(/positive/);
  });

  it('skip snaps to the final state of everything queued', () => {
    const game = randomGame({ seed: 9 }, 10, 9);
    const d = new Director();
    d.sync(game.events);
    d.advance(1);
    expect(d.busy).toBe(true);
    d.skip();
    expect(d.busy).toBe(false);
    const view = d.sample();
    expect(view.step).toBeNull();
    expect(boardOf(view)).toEqual(game.state.board);
    expect(view.sockets.every((s) => s === null || s.phase.kind === 'still')).toBe(true);
  });

  it('instant speed shows every change at once and is never busy', () => {
    const game = new Game({ seed: 4 });
    const d = new Director();
    let notified = 0;
    d.subscribe(() => notified++);
    d.setSpeed(Infinity);
    d.sync(game.events);
    expect(d.busy).toBe(false);
    game.play(game.legalMoves()[0]);
    d.sync([...game.events]);
    expect(d.busy).toBe(false);
    expect(boardOf(d.sample())).toEqual(game.state.board);
    expect(notified).toBeGreaterThanOrEqual(2);
  });

  it('switching to instant while busy skips to the end', () => {
    const d = new Director();
    d.sync(new Game({ seed: 4 }).events);
    expect(d.busy).toBe(true);
    d.setSpeed(Infinity);
    expect(d.busy).toBe(false);
  });

  it('notifies listeners on changes, and busy goes false exactly when the queue ends', () => {
    const d = new Director();
    const busy: boolean[] = [];
    d.subscribe(() => busy.push(d.busy));
    d.sync(new Game({ seed: 4 }).events);
    expect(busy).toEqual([true]);
    while (d.advance(0.1));
    expect(busy[busy.length - 1]).toBe(false);
    expect(busy.slice(0, -1).every((b) => b)).toBe(true);
    const count = busy.length;
    d.advance(0.1); // idle: nothing to say
    expect(busy.length).toBe(count);
  });

  it('ignores a sync with the same log', () => {
    const game = new Game({ seed: 4 });
    const d = new Director();
    d.sync(game.events);
    const steps = d.queue.length;
    d.sync([...game.events]);
    expect(d.queue.length).toBe(steps);
  });
});

describe('director: take-back, reset, shrink', () => {
  it('takes a move back: unrolls in the given order, then the placed ball flies back to the supply', () => {
    const game = new Game({ seed: 21 });
    const d = new Director();
    d.sync(game.events);
    game.play(game.legalMoves()[0]);
    d.sync([...game.events]);
    d.skip();
    const supplyBefore = d.sample().supply.filter((b) => b >= 0).length;
    const events = game.takeBack();
    d.sync([...game.events]);
    const back = events[0] as Extract<GameEvent, { type: 'moveTakenBack' }>;
    const step = d.queue[d.queue.length - 2];
    expect(step.kind).toBe('takeBack');
    const firstUnroll = parseSquare(8, back.unrolled[0].square);
    expect(d.sample(step.start + TIMING.roll / 2).sockets[firstUnroll]!.phase).toMatchObject({ kind: 'rolling', from: back.unrolled[0].from });
    const removed = parseSquare(8, back.removed[0]);
    const leaveAt = step.start + (back.unrolled.length - 1) * TIMING.rollStagger + TIMING.roll;
    expect(d.sample(leaveAt - 0.05).sockets[removed]!.phase.kind).toBe('still');
    const leaving = d.sample(leaveAt + TIMING.remove / 2).sockets[removed]!.phase;
    expect(leaving.kind).toBe('leaving');
    expect((leaving as { progress: number }).progress).toBeCloseTo(0.5);
    d.skip();
    const end = d.sample();
    expect(boardOf(end)).toEqual(game.state.board);
    expect(end.supply.filter((b) => b >= 0).length).toBe(supplyBefore + 1);
    expect(end.litButton).toBe(game.state.toMove);
    expectBallsConserved(end);
  });

  it('a new game empties the board into the supply first, then starts the new round', () => {
    const old = randomGame({ seed: 30 }, 12, 30);
    const d = new Director();
    d.sync(old.events);
    d.advance(3); // in the middle of the old animations
    const fresh = new Game({ size: 6, players: 2, seed: 31 });
    d.sync(fresh.events);
    const kinds = d.queue.map((s) => s.kind);
    expect(kinds[0]).toBe('clear');
    expect(kinds[1]).toBe('start');
    const clear = d.queue[0];
    expect(clear.motions).toHaveLength(Object.keys(old.state.board).length);
    // The old round is snapped to its end first: the clear starts with the old final board.
    expect(boardOf(d.sample(clear.start))).toEqual(old.state.board);
    expect(d.sample(clear.start).size).toBe(8);
    for (let t = clear.start; t <= d.end; t += 0.05) expectBallsConserved(d.sample(t));
    d.skip();
    const end = d.sample();
    expect(end.size).toBe(6);
    expect(boardOf(end)).toEqual(fresh.state.board);
    expect(end.roundOver).toBeNull();
  });

  it('an emptied log clears the board', () => {
    const d = new Director();
    d.sync(new Game({ seed: 3 }).events);
    d.sync([]);
    d.skip();
    const view = d.sample();
    expect(view.sockets.every((s) => s === null)).toBe(true);
    expect(view.throwBall).toBeNull();
    expect(view.litButton).toBeNull();
  });

  it('a log cut back to a prefix snaps to the shorter log', () => {
    const game = randomGame({ seed: 40 }, 8, 40);
    const d = new Director();
    d.sync(game.events);
    const cut = game.events.slice(0, game.events.length - 6);
    d.sync(cut);
    expect(d.busy).toBe(false);
    expect(boardOf(d.sample())).toEqual(foldEvents(cut).board);
    expectBallsConserved(d.sample());
  });

  it('accepts a log rebuilt from equal (not identical) events as a continuation', () => {
    const game = new Game({ seed: 8 });
    const d = new Director();
    d.sync(game.events);
    const steps = d.queue.length;
    game.play(game.legalMoves()[0]);
    d.sync(JSON.parse(JSON.stringify(game.events)));
    expect(d.queue[0].kind).toBe('start');
    expect(d.queue.length).toBeGreaterThan(steps);
    expect(d.queue.some((s) => s.kind === 'clear')).toBe(false);
  });

  it('says clearly what is wrong with a log it cannot play', () => {
    const d = new Director();
    expect(() => d.sync([{ type: 'turn', colour: 'red', moveNumber: 1 }])).toThrow(/before roundStarted/);
    const game = new Game({ seed: 1 });
    const bad = [...game.events, { type: 'ballPlaced', colour: 'red', square: 'd4' } as GameEvent];
    expect(() => new Director().sync(bad)).toThrow(/d4.*occupied/);
    const outside = [...game.events, { type: 'ballPlaced', colour: 'red', square: 'z9' } as GameEvent];
    expect(() => new Director().sync(outside)).toThrow(/z9/);
  });
});

describe('director: whole rounds', () => {
  it('follows random games move by move at random speeds: balls conserved, board equal to the engine', () => {
    const configs: GameOptions[] = [
      { seed: 100 },
      { seed: 101, size: 6, players: 3 },
      { seed: 102, size: 4, players: 2 },
      { seed: 103, variant: 'pro', players: 2 },
      { seed: 104, variant: 'team' },
    ];
    for (const options of configs) {
      const game = new Game(options);
      const random = new Random(options.seed!);
      const d = new Director();
      d.sync([...game.events]);
      while (!game.state.over) {
        const legal = game.legalMoves();
        game.play(legal[random.below(legal.length)]);
        if (random.below(10) === 0 && game.state.moves.length > 1) game.takeBack();
        d.sync([...game.events]);
        d.setSpeed([0.25, 1, 8][random.below(3)]);
        d.advance(random.next() * 0.5);
        expectBallsConserved(d.sample());
      }
      d.skip();
      const end = d.sample();
      expect(boardOf(end)).toEqual(game.state.board);
      expect(end.litButton).toBeNull();
      expect(end.roundOver!.result).toEqual(game.state.result);
      expect(end.supply.filter((b) => b >= 0)).toHaveLength(64 - game.setup.size ** 2);
    }
  });

  it('counts the balls at the end of a round, colour by colour, adding up to the final counts', () => {
    const game = randomGame({ seed: 55, size: 4, players: 2 }, 100, 55);
    expect(game.state.over).toBe(true);
    const d = new Director();
    d.sync(game.events);
    const count = d.queue[d.queue.length - 2];
    expect(count.kind).toBe('count');
    const half = d.sample(count.start + count.duration / 2).roundOver!;
    const total = (counted: Partial<Record<string, number>>) => Object.values(counted).reduce((a, b) => a! + b!, 0)!;
    expect(total(half.counted)).toBeGreaterThan(0);
    expect(total(half.counted)).toBeLessThan(16);
    d.skip();
    const end = d.sample().roundOver!;
    expect(total(end.counted)).toBe(16);
    for (const [colour, n] of Object.entries(game.state.result!.scores)) expect(end.counted[colour as 'red']).toBe(n);
  });
});

describe('director: sampling into one reused view (per-frame path)', () => {
  it('sampleInto equals sample at every moment of a whole round, with the same objects every frame', () => {
    const game = randomGame({ players: 4, variant: 'pro', seed: 21 }, 80, 5);
    const d = new Director();
    d.sync(game.events);
    const view = emptyVisualState();
    const sockets = view.sockets;
    const firstSocketObjects = new Map<number, object>();
    for (let t = 0; t <= d.end + 0.05; t += 0.05) {
      d.sampleInto(view, t);
      expect(view).toEqual(d.sample(t));
      expect(view.sockets).toBe(sockets);
      view.sockets.forEach((s, sq) => {
        if (!s) return;
        const known = firstSocketObjects.get(sq) ?? s;
        firstSocketObjects.set(sq, known);
        expect(s).toBe(known); // one socket view object per square, refilled
      });
    }
    expect(firstSocketObjects.size).toBeGreaterThan(4);
  });

  it('refuses a view it did not make', () => {
    expect(() => new Director().sampleInto({ ...emptyVisualState() })).toThrow(/emptyVisualState/);
  });
});
