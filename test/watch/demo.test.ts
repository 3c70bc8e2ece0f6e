import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { randomMatch, readDemo, startDemo } from '../../src/app/watch/demo';
import { createSession } from '../../src/app/session/session';
import { Random, setupProblem } from '../../src/engine/index';

const LEVELS = ['beginner', 'greedy', 'master'];

describe('demo setup', () => {
  it('reads ?demo and its levels, and passes the rest of the query on', () => {
    expect(readDemo('?seed=3', LEVELS)).toEqual({ demo: null, rest: '?seed=3', problem: null });
    expect(readDemo('?demo&speed=instant', LEVELS)).toEqual({ demo: { levels: LEVELS }, rest: '?speed=instant', problem: null });
    expect(readDemo('?demo=beginner,greedy', LEVELS)).toEqual({ demo: { levels: ['beginner', 'greedy'] }, rest: '', problem: null });
    const bad = readDemo('?demo=wizard', LEVELS);
    expect(bad.demo).toEqual({ levels: LEVELS });
    expect(bad.problem).toBe('demo: "wizard" is not a level (beginner, greedy, master); all levels play');
  });

  it('random matches are varied and always a setup the engine accepts', () => {
    const r = new Random(7);
    const seen = { counts: new Set<number>(), sizes: new Set<number>(), variants: new Set<string>(), misere: 0 };
    for (let i = 0; i < 300; i++) {
      const m = randomMatch(() => r.next(), LEVELS);
      expect(setupProblem({ players: m.players.length, size: m.size, variant: m.variant, misere: m.misere })).toBeNull();
      expect(m.players.every((p) => p.kind === 'computer' && LEVELS.includes(p.level!))).toBe(true);
      seen.counts.add(m.players.length);
      seen.sizes.add(m.size);
      seen.variants.add(m.variant);
      if (m.misere) seen.misere++;
    }
    expect([...seen.counts].sort()).toEqual([1, 2, 3, 4]);
    expect([...seen.sizes].sort()).toEqual([4, 6, 8]);
    expect([...seen.variants].sort()).toEqual(['pro', 'standard', 'team']);
    expect(seen.misere).toBeGreaterThan(10);
  });
});

describe('demo run', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('plays round after round by itself and replaces a match whose computer never answers', async () => {
    let silent = false;
    const computer: ComputerPlayer = {
      think: (q) => ({
        result: silent ? new Promise<string>(() => undefined) : Promise.resolve(q.game.legalMoves()[0]),
        moveNow: () => undefined,
        cancel: () => undefined,
      }),
    };
    const session = createSession({ computer, levels: LEVELS, defaultLevel: 'master', storage: null }, {});
    const r = new Random(3);
    const stop = startDemo(session, { levels: LEVELS }, { random: () => r.next(), countdownSeconds: 2, stallSeconds: 10 });
    const starts = new Set<unknown>();
    for (let i = 0; i < 600 && starts.size < 6; i++) {
      await vi.advanceTimersByTimeAsync(50);
      starts.add(session.getState().snapshot.events[0]);
    }
    expect(starts.size).toBeGreaterThanOrEqual(6); // six rounds began without anyone acting
    silent = true;
    await vi.advanceTimersByTimeAsync(3000);
    const stuck = session.getState().snapshot.events[0];
    silent = false;
    await vi.advanceTimersByTimeAsync(12_000);
    expect(session.getState().snapshot.events[0]).not.toBe(stuck);
    stop();
    session.getState().dispose();
  });
});
