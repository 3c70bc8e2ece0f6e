import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand';
import { animationSpeed, DEFAULT_ACCESS, REDUCED_MOTION_SPEEDUP, useAccess } from '../../src/app/setup/accessPrefs';
import type { SessionState } from '../../src/app/session/session';
import { defaultSettings } from '../../src/app/setup/settings';
import { linkDirector } from '../../src/director/link';
import { Director } from '../../src/director/timeline';
import { Game } from '../../src/engine';

function session(speed: number) {
  const game = new Game({ seed: 3 });
  return createStore<Pick<SessionState, 'snapshot' | 'settings' | 'animating' | 'setAnimating' | 'paused' | 'jumps' | 'setShown'>>()((set) => ({
    snapshot: { events: [...game.events] } as unknown as SessionState['snapshot'],
    settings: { ...defaultSettings('tactician'), speed },
    animating: false,
    setAnimating: (busy) => set({ animating: busy }),
    paused: false,
    jumps: 0,
    setShown: () => undefined,
  })) as unknown as StoreApi<SessionState>;
}

afterEach(() => useAccess.setState({ reducedMotion: null }));

describe('reduced motion', () => {
  it('plays the animations faster, instant stays instant', () => {
    expect(animationSpeed(2, { ...DEFAULT_ACCESS, reducedMotion: true })).toBe(2 * REDUCED_MOTION_SPEEDUP);
    expect(animationSpeed(2, { ...DEFAULT_ACCESS, reducedMotion: false })).toBe(2);
    expect(animationSpeed(Infinity, { ...DEFAULT_ACCESS, reducedMotion: true })).toBe(Infinity);
  });

  it('the director follows the switch at once', () => {
    const d = new Director();
    const unlink = linkDirector(session(2), d);
    expect(d.speed).toBe(2);
    useAccess.setState({ reducedMotion: true });
    expect(d.speed).toBe(2 * REDUCED_MOTION_SPEEDUP);
    useAccess.setState({ reducedMotion: false });
    expect(d.speed).toBe(2);
    unlink();
  });
});
