/**
 * No shader program is compiled after the first frame while computers play with the evaluation
 * bar on: a late material (like the last-move rings before they were warmed up) stalls a frame on
 * the GPU process. The main thread's task times are a benchmark: `npm run measure:long-tasks`.
 */
import { describe, expect, it } from 'vitest';
import { waitForScene, waitForHandle } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

describe('shaders while watching', { timeout: 300_000 }, () => {
  it('links no shader program after the first frame', async () => {
    const page = await app.browser.newPage({ viewport: { width: 960, height: 640 } });
    await page.addInitScript(() => {
      localStorage.setItem('rolit.settings.v1', JSON.stringify({ rulesSeen: true }));
      // Every shader program linked, with the time: a link after the first frame is a late compile.
      const w = window as unknown as { linked: number[] };
      w.linked = [];
      for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype]) {
        const link = proto.linkProgram;
        proto.linkProgram = function (program: WebGLProgram) {
          w.linked.push(performance.now());
          return link.call(this, program);
        };
      }
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${app.served.url}?seats=ai:greedy,ai:tactician,ai:greedy,ai:beginner&seed=6&speed=4`);
    await waitForHandle(page);
    await waitForScene(page, 180_000);
    const shownAt = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => window.rolit.state().moves.length >= 8, undefined, { timeout: 240_000 });
    const linked = await page.evaluate(() => (window as unknown as { linked: number[] }).linked);
    expect(linked.length).toBeGreaterThan(0); // the page's programs were seen being linked
    expect(linked.filter((t) => t > shownAt)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
