/**
 * The WebGL check off the page's thread: a WebGL 2 context on an OffscreenCanvas, its renderer's
 * name, then the context dropped. The browser's first WebGL context is its slowest (under software
 * rendering it is most of a second); made here, it blocks no input or frame of the page.
 */
import { rendererNameOnce } from './webglRenderer';

const scope = self as unknown as { postMessage(message: { renderer: string | null }): void };
let renderer: string | null = null;
try {
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
  if (gl) renderer = rendererNameOnce(gl);
} catch {
  // No WebGL 2 here: renderer stays null.
}
scope.postMessage({ renderer });
