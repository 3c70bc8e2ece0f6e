/** The table the game lies on: warm wood, its grain drawn procedurally (no image to download). */
import { useLayoutEffect, useMemo } from 'react';
import { CanvasTexture, RepeatWrapping, SRGBColorSpace } from 'three';
import { builtAhead } from './builtAhead';
import { softwareRendering } from './webgl';

/** The wood's canvas while its planks are drawn, with the grain's random sequence where it stands. */
interface WoodCanvas {
  canvas: HTMLCanvasElement;
  g: CanvasRenderingContext2D;
  rand: () => number;
}

const PLANKS = 6;

/** Draws planks `from` to `to` (of PLANKS) of wood grain: streaks of varying tone along x, a seam above each. */
function drawPlanks(wood: WoodCanvas | null, from: number, to: number): WoodCanvas | null {
  if (!wood) return null;
  const { canvas, g, rand } = wood;
  const h = canvas.height / PLANKS;
  for (let p = from; p < to; p++) {
    const tone = 0.85 + rand() * 0.25;
    const base = [Math.round(136 * tone), Math.round(86 * tone), Math.round(52 * tone)];
    g.fillStyle = `rgb(${base.join(',')})`;
    g.fillRect(0, p * h, canvas.width, h);
    for (let i = 0; i < 140; i++) {
      const y0 = p * h + rand() * h;
      const dark = rand() < 0.6;
      g.strokeStyle = dark ? `rgba(70,38,18,${0.05 + rand() * 0.12})` : `rgba(214,160,104,${0.04 + rand() * 0.08})`;
      g.lineWidth = 0.6 + rand() * 2.2;
      g.beginPath();
      const amp = 1 + rand() * 5;
      // Whole waves across the canvas, so the texture tiles without a seam.
      const freq = ((1 + Math.floor(rand() * 5)) * Math.PI * 2) / canvas.width;
      const phase = rand() * 10;
      for (let x = 0; x <= canvas.width; x += 16) {
        const y = y0 + Math.sin(x * freq + phase) * amp + Math.sin(x * freq * 3 + phase) * amp * 0.3;
        if (x === 0) g.moveTo(x, y);
        else g.lineTo(x, y);
      }
      g.stroke();
    }
    // A seam between planks.
    g.fillStyle = 'rgba(40,20,8,0.55)';
    g.fillRect(0, p * h, canvas.width, 2);
  }
  return wood;
}

/** The first planks on a new canvas. */
function woodFirstPlanks(): WoodCanvas | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = 1024;
  canvas.height = 1024;
  // Drawn on the CPU: a GPU-backed canvas is drawn by the GPU process, and under software rendering
  // that work ran before the WebGL context's first commands: the shader warm-up's first fence
  // waited 3-4 s for it. Uploaded once, the grain costs nothing after.
  const g = canvas.getContext('2d', { willReadFrequently: true });
  if (!g) return null;
  let seed = 7;
  const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  return drawPlanks({ canvas, g, rand }, 0, 2);
}

const woodMorePlanks = () => drawPlanks(builtAhead(woodFirstPlanks), 2, 4);

/** The table's wood: a few planks of grain on a canvas. Built ahead (builtAhead.ts), in WOOD_STEPS. */
function woodTexture(): CanvasTexture | null {
  const wood = drawPlanks(builtAhead(woodMorePlanks), 4, PLANKS);
  if (!wood) return null;
  const texture = new CanvasTexture(wood.canvas);
  texture.colorSpace = SRGBColorSpace;
  // Uploaded as the canvas holds it: the grain is opaque (premultiplied or not, the same colours) and
  // reads the same upside down, and each conversion is a pass over a million pixels on the page.
  texture.flipY = false;
  texture.premultiplyAlpha = true;
  texture.wrapS = texture.wrapT = RepeatWrapping;
  texture.repeat.set(2, 2);
  return texture;
}

/** The wood's drawing in the steps buildAhead (builtAhead.ts) takes a task each: two planks a step (a 30-60 ms task at once). */
export const WOOD_STEPS: (() => unknown)[] = [woodFirstPlanks, woodMorePlanks, woodTexture];

export const TABLE_SIZE = 90;
/** The table mesh's name: augmented reality finds it to show the real table in its place. */
export const TABLE_NAME = 'table';

export function Table() {
  const texture = useMemo(() => {
    const wood = builtAhead(woodTexture);
    // Anisotropic filtering sharpens the grain at grazing angles; a CPU renderer cannot afford it.
    // Set here, not in woodTexture: built ahead, the wood may be drawn before the WebGL check answers.
    if (wood) wood.anisotropy = softwareRendering() ? 1 : 8;
    return wood;
  }, []);
  useLayoutEffect(() => () => texture?.dispose(), [texture]);
  return (
    <mesh name={TABLE_NAME} rotation-x={-Math.PI / 2} receiveShadow>
      <planeGeometry args={[TABLE_SIZE, TABLE_SIZE]} />
      <meshLambertMaterial map={texture} color={texture ? "#ffffff" : "#8a5a32"} />
    </mesh>
  );
}
