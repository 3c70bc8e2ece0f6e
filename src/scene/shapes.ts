import type { Path } from 'three';

/** Traces a rectangle with rounded corners, centred on the origin, into `path`. */
export function roundedRect(path: Path, halfWidth: number, halfDepth: number, radius: number): void {
  const w = halfWidth;
  const d = halfDepth;
  const r = radius;
  path.moveTo(-w + r, -d);
  path.lineTo(w - r, -d);
  path.quadraticCurveTo(w, -d, w, -d + r);
  path.lineTo(w, d - r);
  path.quadraticCurveTo(w, d, w - r, d);
  path.lineTo(-w + r, d);
  path.quadraticCurveTo(-w, d, -w, d - r);
  path.lineTo(-w, -d + r);
  path.quadraticCurveTo(-w, -d, -w + r, -d);
}
