import { afterEach, describe, expect, it, vi } from 'vitest';
import { onThrowFailed, THROW_FETCH_MS, throwPlayable } from '../../src/scene/throwRecordings';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a start throw whose file does not come', () => {
  it('is given up after THROW_FETCH_MS: the round plays on (the ball shown at rest) and the page is told', async () => {
    // The file's request never ends by itself (a stalled connection): only its time limit ends it.
    const limit = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(limit.signal);
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const told = vi.fn();
    const stop = onThrowFailed(told);
    const ready = new Promise<void>((resolve) => expect(throwPlayable(77_001, resolve)).toBe(false));
    expect(timeout).toHaveBeenCalledWith(THROW_FETCH_MS);
    expect(throwPlayable(77_001, () => undefined)).toBe(false); // still waiting: the throw is held at its start
    limit.abort(new DOMException('signal timed out', 'TimeoutError'));
    await ready;
    expect(throwPlayable(77_001, () => undefined)).toBe(true);
    expect(told).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith('the start throw could not be loaded; the ball is shown at rest', expect.anything());
    stop();
  });
});
