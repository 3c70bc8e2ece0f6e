/** Whether this browser can draw the scene at all (WebGL 2), and how fast it is likely to. */
let probed: { available: boolean; software: boolean } | null = null;

function probe(): { available: boolean; software: boolean } {
  if (probed) return probed;
  probed = { available: false, software: false };
  if (typeof document === 'undefined') return probed;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2');
    if (gl) {
      const debug = gl.getExtension('WEBGL_debug_renderer_info');
      const renderer = String(debug ? gl.getParameter(debug.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
      probed = { available: true, software: /swiftshader|llvmpipe|software|basic render/i.test(renderer) };
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // No WebGL: probed stays unavailable.
  }
  return probed;
}

export function webglAvailable(): boolean {
  return probe().available;
}

/** A CPU renderer (SwiftShader, llvmpipe): the scene then skips multisampling and draws at 1x. */
export function softwareRendering(): boolean {
  return probe().software;
}
