import sharp from 'sharp';
import { Color, DataUtils } from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeRadiance, environmentTexture, HEIGHT, LEVELS, RANGE, SIZE, WIDTH } from '../../src/scene/environmentMap';
import { STUDIO_BACKGROUND } from '../../src/scene/studioEnvironment';

/** The committed image's pixels as the page reads them: RGBA bytes. */
const baked = { data: new Uint8Array(), width: 0, height: 0 };
beforeAll(async () => {
  const { data, info } = await sharp('src/scene/studio-environment.webp').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  Object.assign(baked, { data: new Uint8Array(data), width: info.width, height: info.height });
});
type Faces = { mipmaps: { data: Uint16Array; width: number; height: number }[] }[];
const radiances = (faces: Faces, level: number) => faces.flatMap((f) => [...f.mipmaps[level].data].filter((_, i) => i % 4 !== 3).map(DataUtils.fromHalfFloat));

describe('the baked studio environment', () => {
  it('encodes radiance in bytes and reads it back within a step', () => {
    for (const value of [0, 0.02, 0.3, 1, 2.2, RANGE]) {
      const byte = encodeRadiance(value);
      const pixels = new Uint8Array(WIDTH * HEIGHT * 4).fill(byte);
      const faces = environmentTexture(pixels, WIDTH, HEIGHT).image as unknown as Faces;
      const read = DataUtils.fromHalfFloat(faces[3].mipmaps[2].data[5]);
      const step = (2 * RANGE * (byte + 1)) / 255 ** 2; // one byte's width at this value
      expect(Math.abs(read - value), `${value}`).toBeLessThanOrEqual(step);
    }
    expect(encodeRadiance(-1)).toBe(0);
    expect(encodeRadiance(RANGE * 2)).toBe(255);
  });

  it('is a PMREM cube of six faces, each level half the last, from the committed image', () => {
    const texture = environmentTexture(baked.data, baked.width, baked.height);
    const faces = texture.image as unknown as Faces;
    expect(texture.isPMREMTexture).toBe(true);
    expect(faces).toHaveLength(6);
    for (const face of faces) expect(face.mipmaps.map((m) => m.width)).toEqual(Array.from({ length: LEVELS }, (_, l) => SIZE >> l));
    // The sharpest level holds the panels (their brightest is 2.2) and the room's dark background.
    const sharp = radiances(faces, 0);
    expect(Math.max(...sharp)).toBeGreaterThan(2);
    const background = new Color(STUDIO_BACKGROUND); // linear
    expect(Math.min(...sharp)).toBeCloseTo(Math.min(background.r, background.g, background.b), 2);
    // The roughest is diffuse light: no panel stands out.
    expect(Math.max(...radiances(faces, LEVELS - 1))).toBeLessThan(1);
  });

  it('refuses an image of another size, saying what to do', () => {
    expect(() => environmentTexture(new Uint8Array(4 * 4 * 4), 4, 4)).toThrow(/4x4 px, expected 384x120.*bake:environment/);
  });
});
