/** The renderer's name a WebGL 2 context gives (the GPU's, or "SwiftShader" and the like), then the context dropped: the page's and the worker's check alike. */
export function rendererNameOnce(gl: WebGL2RenderingContext): string {
  const debug = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(debug ? gl.getParameter(debug.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return renderer;
}
