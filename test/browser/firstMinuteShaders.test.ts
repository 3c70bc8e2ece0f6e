/**
 * The first frames in real headless Chromium: every shader program, the shadow pass's depth
 * programs included, is linked while the loading screen shows (before the warm-up's performance
 * mark), none in the first visible frame; the 3D view's canvas gets its drawing buffer once, at
 * its size (each other size given it after its WebGL context makes another, 30-170 ms of the
 * page's thread under software rendering). A Chromium trace of the load gives each main-thread
 * task's wall and CPU time and the time spent waiting on the GPU process inside it; these are
 * printed (and kept in test-artifacts/first-frames.json) as figures, not asserted: on this shared
 * 2-core machine the wall times are mostly waits for the CPU.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ARTIFACTS, waitForHandle } from './harness';
import { ms, RUN_TASK, startTrace, type TraceEvent } from './trace';
import { useBuiltApp } from './builtApp';
import { SHADERS_COMPILED } from '../../src/scene/loadProgress';

const app = useBuiltApp();

interface Linked {
  at: number;
  depth: boolean;
}

describe('the first frames', { timeout: 300_000 }, () => {
  it('links every shader program, shadows included, before the first visible frame', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      localStorage.setItem('rolit.settings.v1', JSON.stringify({ rulesSeen: true }));
      // Every program linked, with the time and whether it is a depth program (the shadow pass's).
      const w = window as unknown as { linked: Linked[]; drawingBuffers: string[] };
      w.linked = [];
      // The size of each drawing buffer a WebGL canvas gets: at its context's creation, then at
      // each change of its width or height.
      w.drawingBuffers = [];
      const webglCanvases = new WeakSet<HTMLCanvasElement>();
      const { getContext } = HTMLCanvasElement.prototype;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, attributes?: unknown) {
        const context = getContext.call(this, type, attributes);
        if (context && type.startsWith('webgl')) {
          webglCanvases.add(this);
          w.drawingBuffers.push(`${this.width}x${this.height}`);
        }
        return context;
      } as typeof getContext;
      for (const side of ['width', 'height'] as const) {
        const property = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, side)!;
        Object.defineProperty(HTMLCanvasElement.prototype, side, {
          ...property,
          set(this: HTMLCanvasElement, value: number) {
            const changed = value !== property.get!.call(this);
            property.set!.call(this, value);
            if (changed && webglCanvases.has(this)) w.drawingBuffers.push(`${this.width}x${this.height}`);
          },
        });
      }
      const sources = new WeakMap<WebGLShader, string>();
      const attached = new WeakMap<WebGLProgram, WebGLShader[]>();
      for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype]) {
        const { shaderSource, attachShader, linkProgram } = proto;
        proto.shaderSource = function (shader: WebGLShader, source: string) {
          sources.set(shader, source);
          return shaderSource.call(this, shader, source);
        };
        proto.attachShader = function (program: WebGLProgram, shader: WebGLShader) {
          attached.set(program, [...(attached.get(program) ?? []), shader]);
          return attachShader.call(this, program, shader);
        };
        proto.linkProgram = function (program: WebGLProgram) {
          const text = (attached.get(program) ?? []).map((s) => sources.get(s) ?? '').join('\n');
          w.linked.push({ at: performance.now(), depth: /#define DEPTH_PACKING/.test(text) });
          return linkProgram.call(this, program);
        };
      }
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const stopTrace = await startTrace(page, 'toplevel,disabled-by-default-devtools.timeline,gpu');
    await page.goto(`${app.served.url}?seats=human,human&seed=3`);
    await waitForHandle(page);
    // Two frames drawn: the first visible one and one more.
    await page.waitForFunction(() => (window.rolit.renderInfo()?.frames ?? 0) > 1, undefined, { timeout: 240_000, polling: 50 });
    const { linked, warmedAt, drawingBuffers, canvasSize } = await page.evaluate((mark) => {
      const w = window as unknown as { linked: Linked[]; drawingBuffers: string[] };
      const canvas = document.querySelector('[data-testid="stage"] canvas') as HTMLCanvasElement | null;
      return { linked: w.linked, warmedAt: performance.getEntriesByName(mark)[0]?.startTime ?? null, drawingBuffers: w.drawingBuffers, canvasSize: canvas && `${canvas.width}x${canvas.height}` };
    }, SHADERS_COMPILED);
    const onMain = await stopTrace();
    const tasks = onMain.filter((e) => e.name === RUN_TASK);
    // Inside a task, the synchronous calls that wait for the GPU process (a status or a finish).
    const gpuWait = (task: TraceEvent) =>
      onMain
        .filter((e) => e.name === 'CommandBufferProxyImpl::WaitForGetOffset' && e.ts >= task.ts && e.ts <= task.ts + (task.dur ?? 0))
        .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    const long = tasks
      .filter((t) => (t.dur ?? 0) > 200_000)
      .map((t) => ({ wall: ms(t.dur), cpu: ms(t.tdur), gpuWait: ms(gpuWait(t)) }));
    const late = linked.filter((l) => warmedAt !== null && l.at > warmedAt);
    const figures = {
      programs: linked.length,
      depthPrograms: linked.filter((l) => l.depth).length,
      linkedInFirstFrames: late.length,
      warmedAtMs: warmedAt === null ? null : Math.round(warmedAt),
      tasksOver200ms: long,
      longestGpuWaitMs: Math.max(0, ...tasks.map((t) => ms(gpuWait(t)))),
    };
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(resolve(ARTIFACTS, 'first-frames.json'), JSON.stringify(figures, null, 1));
    console.log(
      `first frames: ${figures.programs} programs (${figures.depthPrograms} depth) linked, ${late.length} after the warm-up (ended at ${figures.warmedAtMs} ms); ` +
        `tasks over 200 ms: ${long.map((t) => `${t.wall} ms wall / ${t.cpu} ms CPU / ${t.gpuWait} ms waiting on the GPU process`).join(', ') || 'none'}`,
    );
    expect(warmedAt).not.toBeNull();
    expect(tasks.length).toBeGreaterThan(50); // the trace saw the page at work
    expect(figures.depthPrograms).toBeGreaterThan(0); // the shadow pass's programs were seen at all
    expect(late).toEqual([]);
    // One WebGL canvas, its one drawing buffer made at the size it is drawn at.
    expect(drawingBuffers).toEqual([canvasSize]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
