/**
 * The studio's reflections, prefiltered ahead of time: three.js's PMREM of the studio's light
 * panels (studioEnvironment.ts), baked by `npm run bake:environment` into studio-environment.webp
 * and loaded here as a ready PMREM cube texture, so the page neither renders the panels nor
 * prefilters them (that was three of the page's shader programs and seconds of GPU work per load
 * under a software renderer).
 *
 * The image holds every mip level's six faces, level by level from the top (level 0, SIZE px
 * square, in the first row), faces side by side in three.js's order (+x, -x, +y, -y, +z, -z),
 * stored as three.js samples a cube texture that is not a render target (mirrored in x). Each
 * channel is linear radiance encoded as 255 * sqrt(value / RANGE), so 8 bits keep the dark
 * studio smooth and the bright panels within range.
 */
import { CompressedCubeTexture, type CompressedPixelFormat, DataUtils, HalfFloatType, LinearFilter, LinearMipmapLinearFilter, LinearSRGBColorSpace, RGBAFormat } from 'three';

/** Face size of the sharpest level (mirror-like reflections); the glossy balls need no more. */
export const SIZE = 64;
/** Mip levels: down to 8 px faces, as three.js's PMREM (its roughest level, diffuse light). */
export const LEVELS = 4;
/** Brightest radiance the encoding holds (the panels' strongest, 2.2, with headroom). */
export const RANGE = 4;

/** The image's size in pixels. */
export const WIDTH = 6 * SIZE;
export const HEIGHT = Array.from({ length: LEVELS }, (_, level) => SIZE >> level).reduce((a, b) => a + b, 0);

/** Top row of a level's faces in the image. */
export function levelTop(level: number): number {
  let top = 0;
  for (let l = 0; l < level; l++) top += SIZE >> l;
  return top;
}

/** The byte (0-255) a radiance is stored as. */
export function encodeRadiance(value: number): number {
  return Math.round(255 * Math.sqrt(Math.min(Math.max(value, 0), RANGE) / RANGE));
}

/** Half-float bits of each stored byte's radiance. */
const DECODE = Array.from({ length: 256 }, (_, byte) => DataUtils.toHalfFloat(RANGE * (byte / 255) ** 2));
const ONE = DataUtils.toHalfFloat(1);

/** The PMREM cube texture from the image's pixels (RGBA bytes, WIDTH x HEIGHT). */
export function environmentTexture(pixels: Uint8ClampedArray | Uint8Array, width: number, height: number): CompressedCubeTexture {
  if (width !== WIDTH || height !== HEIGHT) throw new Error(`the studio environment image is ${width}x${height} px, expected ${WIDTH}x${HEIGHT}: bake it again (npm run bake:environment)`);
  const faces = Array.from({ length: 6 }, (_, face) => {
    const mipmaps = Array.from({ length: LEVELS }, (_, level) => {
      const size = SIZE >> level;
      const top = levelTop(level);
      const data = new Uint16Array(size * size * 4);
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const from = ((top + y) * WIDTH + face * size + x) * 4;
          const to = (y * size + x) * 4;
          data[to] = DECODE[pixels[from]];
          data[to + 1] = DECODE[pixels[from + 1]];
          data[to + 2] = DECODE[pixels[from + 2]];
          data[to + 3] = ONE;
        }
      }
      return { data, width: size, height: size };
    });
    return { mipmaps, width: SIZE, height: SIZE };
  });
  // An uncompressed RGBA cube with its own mip chain: three.js's way to take a ready PMREM (it
  // uploads RGBAFormat levels as they are; the typings only name the compressed formats).
  const texture = new CompressedCubeTexture(faces as never, RGBAFormat as unknown as CompressedPixelFormat, HalfFloatType);
  texture.isPMREMTexture = true;
  texture.colorSpace = LinearSRGBColorSpace;
  texture.minFilter = LinearMipmapLinearFilter;
  texture.magFilter = LinearFilter;
  texture.generateMipmaps = false;
  texture.needsUpdate = true;
  return texture;
}

/** Loads the baked environment (null, with a warning, if it cannot: the scene then has no reflections). */
export async function loadEnvironment(url: string): Promise<CompressedCubeTexture | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    // Opaque pixels, read back exactly: no colour conversion, no premultiplied alpha.
    const bitmap = await createImageBitmap(await response.blob(), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const g = canvas.getContext('2d', { willReadFrequently: true });
    if (!g) throw new Error('no 2D canvas to read the image');
    g.drawImage(bitmap, 0, 0);
    const texture = environmentTexture(g.getImageData(0, 0, bitmap.width, bitmap.height).data, bitmap.width, bitmap.height);
    bitmap.close();
    return texture;
  } catch (error) {
    console.warn(`the studio environment (${url}) could not be loaded: no reflections`, error);
    return null;
  }
}
