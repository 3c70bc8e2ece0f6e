/**
 * The balls' glossy plastic: one physical material whose fragment shader paints each point by the
 * nearest of the four corner directions (ballGeometry.ts) in the ball's own frame, with a thin
 * seam between regions. With `highlight`, an instance attribute makes chosen balls glow (the
 * balls a hovered move would roll).
 */
import { Color, MeshPhysicalMaterial } from 'three';
import { COLOURS } from '../engine/colours';
import { TETRA } from './ballGeometry';
import { PAINT } from './layout';

const vec3 = (v: { x: number; y: number; z: number }) => `vec3(${v.x.toFixed(6)}, ${v.y.toFixed(6)}, ${v.z.toFixed(6)})`;

export function createBallMaterial(options: { highlight?: boolean } = {}): MeshPhysicalMaterial {
  const material = new MeshPhysicalMaterial({
    roughness: 0.32,
    metalness: 0,
    clearcoat: 1,
    clearcoatRoughness: 0.06,
    envMapIntensity: 1,
  });
  const paint = COLOURS.map((c) => new Color(PAINT[c])); // linear working colour space
  material.onBeforeCompile = (shader) => {
    shader.vertexShader = shader.vertexShader
      .replace(
        '#include <common>',
        `#include <common>
varying vec3 vBallLocal;
${options.highlight ? 'attribute float highlight;\nvarying float vHighlight;' : ''}`,
      )
      .replace(
        '#include <begin_vertex>',
        `#include <begin_vertex>
vBallLocal = position;
${options.highlight ? 'vHighlight = highlight;' : ''}`,
      );
    shader.fragmentShader = shader.fragmentShader
      .replace(
        '#include <common>',
        `#include <common>
varying vec3 vBallLocal;
${options.highlight ? 'varying float vHighlight;' : ''}
const vec3 CORNER[4] = vec3[4](${TETRA.map(vec3).join(', ')});
const vec3 PAINT[4] = vec3[4](${paint.map((c) => `vec3(${c.r.toFixed(5)}, ${c.g.toFixed(5)}, ${c.b.toFixed(5)})`).join(', ')});`,
      )
      .replace(
        '#include <color_fragment>',
        `#include <color_fragment>
{
  vec3 d = normalize(vBallLocal);
  float best = -2.0; float second = -2.0; int region = 0;
  for (int i = 0; i < 4; i++) {
    float k = dot(d, CORNER[i]);
    if (k > best) { second = best; best = k; region = i; }
    else if (k > second) { second = k; }
  }
  // Distance to the nearest boundary, in screen pixels, for a crisp anti-aliased seam.
  float gap = best - second;
  float seam = smoothstep(0.012, 0.012 + fwidth(gap) * 1.5, gap);
  diffuseColor.rgb = PAINT[region] * mix(0.25, 1.0, seam);
}`,
      );
    if (options.highlight) {
      shader.fragmentShader = shader.fragmentShader.replace(
        '#include <emissivemap_fragment>',
        `#include <emissivemap_fragment>
totalEmissiveRadiance += diffuseColor.rgb * vHighlight * 0.55 + vec3(vHighlight * 0.06);`,
      );
    }
  };
  material.customProgramCacheKey = () => `rolit-ball-${options.highlight ? 'h' : 'p'}`;
  return material;
}
