/**
 * Coordinates printed on the board's frame, as docs/rules.md names the squares: columns a.. left
 * to right, rows 1.. from the green side, and on 6x6 and 4x4 the names of that board (the
 * engine's squareName). One transparent texture, painted on the board top by the board's own
 * shader and redrawn when the size changes; switched in the HUD (settings.coordinates).
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useState } from 'react';
import { CanvasTexture, SRGBColorSpace } from 'three';
import { useSession } from '../app/page/pageSession';
import { type BoardSize, boardOffset, squareName } from '../engine/geometry';
import { BOARD_WIDTH, COORDINATE_FONT, MARGIN, socketX, socketZ } from './layout';
import { currentView } from './view';

const PIXELS = 1024;
/** Middle of the frame between the outer sockets and the board's edge. */
const LABEL_DISTANCE = BOARD_WIDTH / 2 - MARGIN / 2;

const toPixel = (world: number) => (world / BOARD_WIDTH + 0.5) * PIXELS;

/** Draws the labels of a board size on the canvas (transparent elsewhere). */
export function drawCoordinates(canvas: HTMLCanvasElement, size: BoardSize): void {
  const g = canvas.getContext('2d');
  if (!g) return;
  g.clearRect(0, 0, PIXELS, PIXELS);
  g.fillStyle = 'rgba(205, 215, 235, 0.62)'; // subtle: a light grey-blue on the navy board
  g.font = `${COORDINATE_FONT.weight} ${Math.round((COORDINATE_FONT.size / BOARD_WIDTH) * PIXELS)}px ${COORDINATE_FONT.family}`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  const off = boardOffset(size);
  const edge = [toPixel(-LABEL_DISTANCE), toPixel(LABEL_DISTANCE)];
  for (let k = off; k < 8 - off; k++) {
    const column = off * 8 + k; // a square of this column in the region
    const row = k * 8 + off; // a square of this row in the region
    const letter = squareName(size, column)[0];
    const number = squareName(size, row).slice(1);
    for (const y of edge) g.fillText(letter, toPixel(socketX(column)), y);
    for (const x of edge) g.fillText(number, x, toPixel(socketZ(row)));
  }
}

/**
 * The labels' texture for the board's material (Board.tsx paints it on the board's top: no mesh,
 * draw call or shader program of its own) and whether they are shown. Redrawn when the size changes.
 */
export function useCoordinateLabels(): { texture: CanvasTexture; shown: boolean } {
  const shown = useSession((s) => s.settings.coordinates);
  const [size, setSize] = useState<BoardSize>(() => currentView().size);
  const invalidate = useThree((s) => s.invalidate);
  useFrame(() => {
    const now = currentView().size;
    if (now !== size) setSize(now);
  });
  const texture = useMemo(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = PIXELS;
    const t = new CanvasTexture(canvas);
    t.colorSpace = SRGBColorSpace;
    t.anisotropy = 4;
    t.flipY = false; // canvas rows along the board's z, as the board's shader reads them
    return t;
  }, []);
  useEffect(() => {
    drawCoordinates(texture.image as HTMLCanvasElement, size);
    texture.needsUpdate = true;
    // The canvas renders on demand: the new labels need a frame of their own.
    invalidate();
  }, [texture, size, invalidate]);
  useEffect(() => () => texture.dispose(), [texture]);
  return { texture, shown };
}
