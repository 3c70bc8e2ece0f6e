/**
 * The WebGL check off the page's thread: a WebGL 2 context on an OffscreenCanvas, its renderer's
 * name, then the context dropped. The browser's first WebGL context is its slowest (under software
 * rendering it is most of a second); made here, it blocks no input or frame of the page.
 */
const scope = self as unknown as { postMessage(message: { renderer: string | null }): void };
let renderer: string | null = null;
try {
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
  if (gl) {
    const debug = gl.getExtension('WEBGL_debug_renderer_info');
    renderer = String(debug ? gl.getParameter(debug.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
} catch {
  // No WebGL 2 here: renderer stays null.
}
scope.postMessage({ renderer });
