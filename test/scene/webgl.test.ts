/**
 * The WebGL check (src/scene/webgl.ts): where nothing can draw (here, Node: no document, no
 * OffscreenCanvas) it answers "not available" once, and a renderer that failed for want of a
 * context is told apart from other failures of the 3D view.
 */
import { WebGLRenderer } from 'three';
import { describe, expect, it, vi } from 'vitest';
import { noWebglContext, probeWebgl, softwareRendering } from '../../src/scene/webgl';

describe('the WebGL check', () => {
  it('answers once: no WebGL without a canvas to ask', async () => {
    const first = probeWebgl();
    expect(probeWebgl()).toBe(first);
    expect(await first).toEqual({ available: false, software: false });
    expect(softwareRendering()).toBe(false);
  });

  it("tells three.js's failure to get a context from other failures", () => {
    // three.js throws this where the page gets no context: the canvas gives none in Node.
    const canvas = { getContext: () => null, addEventListener: () => undefined, removeEventListener: () => undefined, style: {} } as unknown as HTMLCanvasElement;
    let failure: unknown = null;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      new WebGLRenderer({ canvas });
    } catch (error) {
      failure = error;
    } finally {
      logged.mockRestore();
    }
    expect(failure).toBeInstanceOf(Error);
    expect(noWebglContext(failure as Error)).toBe(true);
    expect(noWebglContext(new Error('Failed to fetch dynamically imported module'))).toBe(false);
  });
});
