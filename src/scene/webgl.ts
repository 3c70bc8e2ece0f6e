/**
 * Whether this browser can draw the scene at all (WebGL 2), and how fast it is likely to: asked
 * once per page, in a worker where the browser has OffscreenCanvas (webglProbe.worker.ts), else on
 * the page's thread.
 */
import { rendererNameOnce } from './webglRenderer';

export interface WebglProbe {
  available: boolean;
  /** A CPU renderer (SwiftShader, llvmpipe): the scene then skips multisampling and draws at 1x. */
  software: boolean;
}

let probed: WebglProbe | null = null;
let probing: Promise<WebglProbe> | null = null;

/** What a renderer's name says (null: no WebGL 2 context). */
function fromRenderer(renderer: string | null): WebglProbe {
  return { available: renderer !== null, software: renderer !== null && /swiftshader|llvmpipe|software|basic render/i.test(renderer) };
}

function rendererOnThisThread(): string | null {
  if (typeof document === 'undefined') return null;
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    return gl ? rendererNameOnce(gl) : null;
  } catch {
    return null;
  }
}

function rendererInWorker(): Promise<string | null> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./webglProbe.worker.ts', import.meta.url), { type: 'module' });
    const done = (renderer: string | null) => {
      worker.terminate();
      resolve(renderer);
    };
    worker.onmessage = (event: MessageEvent<{ renderer: string | null }>) => done(event.data.renderer);
    // A worker that cannot start (no module workers): the page's thread asks instead.
    worker.onerror = () => done(rendererOnThisThread());
  });
}

/** The probe's answer, asked once: later calls get the same promise. */
export function probeWebgl(): Promise<WebglProbe> {
  probing ??= (typeof OffscreenCanvas !== 'undefined' && typeof Worker !== 'undefined' ? rendererInWorker() : Promise.resolve(rendererOnThisThread())).then((renderer) => (probed = fromRenderer(renderer)));
  return probing;
}

/**
 * Whether the 3D view failed because the page was given no WebGL context after all (three.js's
 * WebGLRenderer says so in these words): the worker's check can find WebGL where the page then has
 * none, as in Chromium with 3D APIs switched off by policy, which leaves workers' OffscreenCanvas be.
 */
export function noWebglContext(error: Error): boolean {
  return /error creating webgl context/i.test(error.message);
}

/** The probe's answer once known (the 3D view mounts after it), else asked on this thread. */
function probe(): WebglProbe {
  probed ??= fromRenderer(rendererOnThisThread());
  return probed;
}

/** A CPU renderer (SwiftShader, llvmpipe): the scene then skips multisampling and draws at 1x. */
export function softwareRendering(): boolean {
  return probe().software;
}
