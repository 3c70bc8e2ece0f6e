/**
 * The studio the balls reflect: a few light panels around the table on a dark room's background.
 * Nothing on the page draws it: `npm run bake:environment` renders it and prefilters it into
 * studio-environment.webp, which the page loads (environmentMap.ts).
 */
import { Color, DoubleSide, Mesh, MeshBasicMaterial, PlaneGeometry, RingGeometry, Scene } from 'three';

interface Panel {
  form: 'rect' | 'ring';
  colour: string;
  /** Emitted radiance, times the colour. */
  intensity: number;
  position: [number, number, number];
  scale: [number, number];
}

/** Every panel faces the table's middle. */
const PANELS: Panel[] = [
  { form: 'rect', intensity: 2.2, colour: '#fff6e8', position: [0, 12, 2], scale: [14, 8] },
  { form: 'rect', intensity: 1.6, colour: '#ffe2c0', position: [-14, 6, 8], scale: [10, 5] },
  { form: 'rect', intensity: 1.2, colour: '#dce8ff', position: [14, 5, -8], scale: [10, 4] },
  { form: 'ring', intensity: 2.2, colour: '#ffffff', position: [4, 9, 12], scale: [4, 4] },
];

export const STUDIO_BACKGROUND = '#2a2622';

export function studioScene(): Scene {
  const scene = new Scene();
  scene.background = new Color(STUDIO_BACKGROUND);
  for (const panel of PANELS) {
    const geometry = panel.form === 'rect' ? new PlaneGeometry(1, 1) : new RingGeometry(0.25, 0.5, 64);
    const material = new MeshBasicMaterial({ color: new Color(panel.colour).multiplyScalar(panel.intensity), side: DoubleSide, toneMapped: false });
    const mesh = new Mesh(geometry, material);
    mesh.position.set(...panel.position);
    mesh.scale.set(panel.scale[0], panel.scale[1], 1);
    mesh.lookAt(0, 0, 0);
    scene.add(mesh);
  }
  return scene;
}
