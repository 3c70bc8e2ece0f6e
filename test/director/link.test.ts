import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand';
import type { SessionState } from '../../src/app/session/session';
import { linkDirector, MOST_MOVES_BEHIND } from '../../src/director/link';
import { Director } from '../../src/director/timeline';
import { Game, type GameEvent } from '../../src/engine';
import { TIMING } from '../../src/director/steps';

/** A round snapshot with only the part the director reads: the event log. */
const logOnly = (events: readonly GameEvent[]) => ({ events }) as unknown as SessionState['snapshot'];

/** The part of the session the director reads and reports to. */
function fakeSession(game: Game, speed = 1) {
  const calls: boolean[] = [];
  const shown: number[] = [];
  const store = createStore<Pick<SessionState, 'snapshot' | 'settings' | 'animating' | 'setAnimating' | 'jumps' | 'paused' | 'setShown'>>()((set) => ({
    snapshot: logOnly([...game.events]),
    jumps: 0,
    settings: { speed, socketDots: false, takeBacks: true, moveTimeLimit: 0, newGame: { players: [], size: 8, variant: 'standard', misere: false }, coordinates: true, rulesSeen: true },
    animating: false,
    paused: false,
    setShown(count) {
      shown.push(count);
    },
    setAnimating(busy) {
      calls.push(busy);
      set({ animating: busy });
    },
  }));
  return { store: store as unknown as StoreApi<SessionState>, calls, shown };
}

describe('linkDirector', () => {
  it('reports busy while the animations of new events play, idle when they end', () => {
    const game = new Game({ seed: 3 });
    const { store, calls } = fakeSession(game);
    const d = new Director();
    const unlink = linkDirector(store, d);
    expect(calls).toEqual([true]);
    expect(store.getState().animating).toBe(true);
    while (d.advance(0.5));
    expect(calls).toEqual([true, false]);
    game.play(game.legalMoves()[0]);
    store.setState({ snapshot: logOnly([...game.events]) });
    expect(calls).toEqual([true, false, true]);
    expect(d.queue.some((s) => s.kind === 'place')).toBe(true);
    unlink();
    game.play(game.legalMoves()[0]);
    store.setState({ snapshot: logOnly([...game.events]) });
    expect(d.queue.filter((s) => s.kind === 'place')).toHaveLength(1); // no longer followed
  });

  it('lets the board fall at most MOST_MOVES_BEHIND moves behind the log: past that it shows the rest at once', () => {
    const game = new Game({ seed: 3 });
    const { store } = fakeSession(game);
    const d = new Director();
    linkDirector(store, d);
    while (d.advance(0.5));
    // Moves arrive faster than they are shown (a slow device, a tab in the background): up to the limit they queue.
    for (let i = 0; i < MOST_MOVES_BEHIND; i++) {
      game.play(game.legalMoves()[0]);
      store.setState({ snapshot: logOnly([...game.events]) });
    }
    expect(d.busy).toBe(true);
    expect(d.shownEvents).toBeLessThan(game.events.length);
    // One more: the board shows the whole log at once.
    game.play(game.legalMoves()[0]);
    store.setState({ snapshot: logOnly([...game.events]) });
    expect(d.busy).toBe(false);
    expect(d.shownEvents).toBe(game.events.length);
  });

  it('follows the speed setting; instant never reports busy', () => {
    const game = new Game({ seed: 3 });
    const { store, calls } = fakeSession(game, Infinity);
    const d = new Director();
    linkDirector(store, d);
    expect(d.speed).toBe(Infinity);
    expect(calls).toEqual([]);
    store.setState({ settings: { ...store.getState().settings, speed: 2 } });
    expect(d.speed).toBe(2);
    game.play(game.legalMoves()[0]);
    store.setState({ snapshot: logOnly([...game.events]) });
    expect(calls).toEqual([true]);
  });
});

describe('linkDirector and the presentation clock', () => {
  it('reports the events shown as each step ends, and stands still while the session is paused', () => {
    const game = new Game({ seed: 3 });
    const { store, shown } = fakeSession(game);
    const d = new Director();
    linkDirector(store, d);
    expect(shown.at(-1)).toBe(0); // nothing has come to rest yet
    d.advance(TIMING.startBall * 4);
    expect(shown.at(-1)).toBe(1); // the start balls are in
    store.setState({ paused: true });
    const time = d.time;
    d.advance(5);
    expect(d.time).toBe(time);
    store.setState({ paused: false });
    while (d.advance(0.5));
    expect(shown.at(-1)).toBe(game.events.length);
  });
});

describe('linkDirector with a log it cannot play', () => {
  it('reports the problem in words and leaves the session working', () => {
    const game = new Game({ seed: 3 });
    const { store } = fakeSession(game);
    const d = new Director();
    linkDirector(store, d);
    const errors: string[] = [];
    const original = console.error;
    console.error = (message: string) => errors.push(message);
    try {
      const bad = [...game.events, { type: 'ballPlaced', colour: 'red', square: 'd4' } as const];
      expect(() => store.setState({ snapshot: logOnly(bad) })).not.toThrow();
    } finally {
      console.error = original;
    }
    expect(errors[0]).toMatch(/cannot follow the game: .*d4.*occupied/);
    expect(d.busy).toBe(false);
  });
});

describe('linkDirector and replay jumps', () => {
  it('a jump to another line with the same first and last events shows that line at once', () => {
    const a = new Game({ seed: 3 });
    const b = new Game({ seed: 3 });
    const [first, second] = a.legalMoves();
    a.play(first);
    b.play(second);
    const { store } = fakeSession(a);
    const d = new Director();
    linkDirector(store, d);
    d.skip();
    // Only the jump tells the two logs apart: both end with the same turn event.
    expect(b.events.at(-1)).toEqual(a.events.at(-1));
    store.setState({ snapshot: logOnly([...b.events]), jumps: 1 });
    expect(d.busy).toBe(false);
    const shown = d.sample().sockets.filter((s) => s !== null).length;
    expect(shown).toBe(Object.keys(b.state.board).length);
    const model = new Director();
    model.sync(b.events);
    model.skip();
    expect(d.sample().sockets.map((s) => s?.colour ?? null)).toEqual(model.sample().sockets.map((s) => s?.colour ?? null));
  });
});

describe('linkDirector and a resumed game', () => {
  it('starts settled when the session has jumped (a resumed game), animated otherwise', () => {
    const game = new Game({ seed: 3 });
    game.play(game.legalMoves()[0]);
    const fresh = fakeSession(game);
    const animated = new Director();
    linkDirector(fresh.store, animated);
    expect(animated.busy).toBe(true);
    const resumed = fakeSession(game);
    resumed.store.setState({ jumps: 1 });
    const settled = new Director();
    linkDirector(resumed.store, settled);
    expect(settled.busy).toBe(false);
    expect(resumed.store.getState().animating).toBe(false);
  });
});
