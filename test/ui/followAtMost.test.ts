import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { followAtMost } from '../../src/ui/followAtMost';

describe('followAtMost', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('shows a burst of changes once, with the latest state, then the next change once the interval has passed', () => {
    const store = createStore(() => ({ step: 0 }));
    const shown: number[] = [];
    const stop = followAtMost(store, 300, (s) => shown.push(s.step));
    store.setState({ step: 1 });
    vi.advanceTimersByTime(0);
    expect(shown).toEqual([1]); // the first change after a quiet spell at once
    store.setState({ step: 2 });
    vi.advanceTimersByTime(100);
    store.setState({ step: 3 });
    vi.advanceTimersByTime(150);
    expect(shown).toEqual([1]); // 250 ms after the last one shown: not yet
    vi.advanceTimersByTime(50);
    expect(shown).toEqual([1, 3]); // 300 ms after it: the latest, once
    vi.advanceTimersByTime(1000);
    store.setState({ step: 4 });
    vi.advanceTimersByTime(0);
    expect(shown).toEqual([1, 3, 4]);
    stop();
    store.setState({ step: 5 });
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([1, 3, 4]);
  });

  it('shows nothing after it is stopped, even a change waiting for its turn', () => {
    const store = createStore(() => ({ step: 0 }));
    const shown: number[] = [];
    const stop = followAtMost(store, 300, (s) => shown.push(s.step));
    store.setState({ step: 1 });
    vi.advanceTimersByTime(0);
    store.setState({ step: 2 });
    stop();
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([1]);
  });
});
