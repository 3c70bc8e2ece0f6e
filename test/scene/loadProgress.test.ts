import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadProgress, SHADER_COUNT_MS, shaderProgress } from '../../src/scene/loadProgress';

describe('the shaders count on the loading screen', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['performance'] }));
  afterEach(() => vi.useRealTimers());

  it('changes at most once per SHADER_COUNT_MS while the shaders compile, the first and the last count always', () => {
    const counts: number[] = [];
    const stop = loadProgress.subscribe((s) => counts.push(s.shaders.compiled));
    shaderProgress(0, 10);
    for (let compiled = 1; compiled < 10; compiled++) {
      vi.advanceTimersByTime(SHADER_COUNT_MS / 4);
      shaderProgress(compiled, 10);
    }
    shaderProgress(10, 10);
    stop();
    // 0 at once; then a count each SHADER_COUNT_MS (parts every quarter of it: the 4th and the 8th); the last at once.
    expect(counts).toEqual([0, 4, 8, 10]);
  });
});
