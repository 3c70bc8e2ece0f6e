/**
 * The balls' glossy plastic: one physical material whose fragment shader paints each point by the
 * nearest of the four corner directions (ballGeometry.ts) in the ball's own frame, with a thin
 * seam between regions. With `highlight`, an instance attribute makes chosen balls glow (the
 * balls a hovered move would roll). With `symbols` on (colourSymbols), each region also carries
 * its colour's symbol around its corner (red circle, yellow triangle, green square, blue cross),
 * drawn by distance functions in the shader, so colour-blind players can tell the balls apart.
 */
import { Color, MeshPhysicalMaterial } from 'three';
import { type Colour, COLOURS } from '../engine/colours';
import { TETRA } from './ballGeometry';
import { PAINT } from './layout';

const vec3 = (v: { x: number; y: number; z: number }) => `vec3(${v.x.toFixed(6)}, ${v.y.toFixed(6)}, ${v.z.toFixed(6)})`;

/** The shader uniform switching the symbols (1 on, 0 off); set it and redraw. */
export interface BallSymbols {
  value: number;
}

/** Symbol ink per colour (grey level, linear): dark on the light yellow, light on the others. Balls and side buttons. */
export const SYMBOL_INK: Record<Colour, number> = { red: 0.92, yellow: 0.04, green: 0.92, blue: 0.92 };
const INK = COLOURS.map((c) => SYMBOL_INK[c]);

export function createBallMaterial(options: { highlight?: boolean; symbols?: BallSymbols } = {}): MeshPhysicalMaterial {
  const material = new MeshPhysicalMaterial({
    roughness: 0.32,
    metalness: 0,
    clearcoat: 1,
    clearcoatRoughness: 0.06,
    envMapIntensity: 1,
  });
  const paint = COLOURS.map((c) => new Color(PAINT[c])); // linear working colour space
  const symbols = options.symbols ?? { value: 0 };
  material.onBeforeCompile = (shader) => {
    shader.uniforms.uSymbols = symbols;
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
const vec3 PAINT[4] = vec3[4](${paint.map((c) => `vec3(${c.r.toFixed(5)}, ${c.g.toFixed(5)}, ${c.b.toFixed(5)})`).join(', ')});
const float INK[4] = float[4](${INK.map((v) => v.toFixed(2)).join(', ')});
uniform float uSymbols;
float symbolDistance(int region, vec2 p) {
  if (region == 0) return length(p) - 0.26;
  if (region == 1) {
    // Equilateral triangle (Inigo Quilez's distance function), pointing away from the seam below.
    const float k = 1.7320508;
    p.x = abs(p.x) - 0.3; p.y = p.y + 0.3 / k;
    if (p.x + k * p.y > 0.0) p = vec2(p.x - k * p.y, -k * p.x - p.y) / 2.0;
    p.x -= clamp(p.x, -0.6, 0.0);
    return -length(p) * sign(p.y);
  }
  vec2 a = abs(p);
  if (region == 2) return max(a.x, a.y) - 0.21;
  return min(max(a.x - 0.3, a.y - 0.085), max(a.x - 0.085, a.y - 0.3));
}`,
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
  if (uSymbols > 0.5) {
    // The symbol lies in the plane across the region's corner direction.
    vec3 c = CORNER[region];
    vec3 u = normalize(cross(c, abs(c.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0)));
    vec2 p = vec2(dot(d, u), dot(d, cross(c, u)));
    float s = symbolDistance(region, p);
    float ink = 1.0 - smoothstep(0.0, fwidth(s) * 1.5, s);
    diffuseColor.rgb = mix(diffuseColor.rgb, vec3(INK[region]), ink * 0.85);
  }
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
  material.customProgramCacheKey = () => `rolit-ball-${options.highlight ? 'h' : 'p'}-s`;
  return material;
}
