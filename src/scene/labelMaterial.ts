/** A text label for a sprite: the text on a rounded plate drawn on a canvas texture (no font files to load). */
import { CanvasTexture, SpriteMaterial, SRGBColorSpace } from 'three';

export interface LabelStyle {
  /** Canvas width in pixels (the height is 80): wide enough for the longest text. */
  width: number;
  plate: string;
  edge: string;
  ink: string;
}

export function labelMaterial(text: string, style: LabelStyle): SpriteMaterial {
  const canvas = document.createElement('canvas');
  canvas.width = style.width;
  canvas.height = 80;
  const g = canvas.getContext('2d')!;
  g.fillStyle = style.plate;
  g.beginPath();
  g.roundRect(4, 4, style.width - 8, 72, 18);
  g.fill();
  g.strokeStyle = style.edge;
  g.lineWidth = 4;
  g.stroke();
  g.fillStyle = style.ink;
  g.font = 'bold 50px system-ui, sans-serif';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(text, style.width / 2, 43, style.width - 20); // a longer text is narrowed to fit the plate
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return new SpriteMaterial({ map: texture, depthTest: false, toneMapped: false });
}
