/**
 * Runs in the browser for scripts/bake-environment.ts: renders the studio (src/scene/studioEnvironment.ts)
 * into a cube, prefilters it with three.js's own PMREMGenerator at environmentMap.ts's SIZE, and
 * returns the PNG's RGB bytes in environmentMap.ts's layout and encoding.
 */
import { CubeCamera, HalfFloatType, LinearMipmapLinearFilter, PMREMGenerator, type WebGLCubeRenderTarget as CubeTarget, WebGLCubeRenderTarget, WebGLRenderer } from 'three';
import { encodeRadiance, HEIGHT, LEVELS, levelTop, RANGE, SIZE, WIDTH } from '../../src/scene/environmentMap';
import { studioScene } from '../../src/scene/studioEnvironment';

/** The studio rendered at this face size, then filtered down to SIZE (no jagged panel edges). */
const CAPTURE = 256;

export function bake(): { rgb: number[]; width: number; height: number; brightest: number } {
  const renderer = new WebGLRenderer();
  const capture = new WebGLCubeRenderTarget(CAPTURE, { type: HalfFloatType, generateMipmaps: true, minFilter: LinearMipmapLinearFilter });
  new CubeCamera(1, 1000, capture).update(renderer, studioScene());
  const generator = new PMREMGenerator(renderer);
  // three.js makes a PMREM of 256 px faces at least; the page needs far less (environmentMap.ts).
  (generator as unknown as { _setSize(size: number): void })._setSize = function (this: { _cubeSize: number }) {
    this._cubeSize = SIZE;
  };
  const pmrem: CubeTarget = generator.fromCubemap(capture.texture);
  const levels = pmrem.texture.mipmaps.length;
  if (levels !== LEVELS) throw new Error(`the PMREM has ${levels} levels, environmentMap.ts expects ${LEVELS}`);
  const gl = renderer.getContext() as WebGL2RenderingContext;
  const rgb = new Array<number>(WIDTH * HEIGHT * 3).fill(0);
  let brightest = 0;
  for (let level = 0; level < LEVELS; level++) {
    const size = SIZE >> level;
    const pixels = new Float32Array(size * size * 4);
    for (let face = 0; face < 6; face++) {
      renderer.setRenderTarget(pmrem, face, level);
      gl.readPixels(0, 0, size, size, gl.RGBA, gl.FLOAT, pixels);
      // three.js samples a cube texture that is not a render target mirrored in x: store the
      // face it will look up (+x and -x swapped) mirrored left to right.
      const stored = face === 0 ? 1 : face === 1 ? 0 : face;
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const from = (y * size + (size - 1 - x)) * 4;
          const to = ((levelTop(level) + y) * WIDTH + stored * size + x) * 3;
          for (let c = 0; c < 3; c++) {
            brightest = Math.max(brightest, pixels[from + c]);
            rgb[to + c] = encodeRadiance(pixels[from + c]);
          }
        }
      }
    }
  }
  renderer.setRenderTarget(null);
  if (brightest > RANGE) throw new Error(`the studio's brightest radiance ${brightest} is over the encoding's RANGE ${RANGE}`);
  renderer.dispose();
  return { rgb, width: WIDTH, height: HEIGHT, brightest };
}
