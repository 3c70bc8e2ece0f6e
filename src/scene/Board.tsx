/**
 * The board: a moulded dark plastic tray with 64 round sockets, all one mesh (one draw call).
 * The plate is an extruded rounded square with 64 holes; a shallow bowl closes each hole.
 * For 6x6 and 4x4 the region in use is framed by a painted line and the sockets outside it are
 * dimmed, in the board's shader, so changing size costs nothing. The same shader prints the
 * coordinates on the frame (BoardCoordinates.tsx draws them on a canvas).
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo } from 'react';
import { builtAhead } from './builtAhead';
import { BufferGeometry, DoubleSide, ExtrudeGeometry, Float32BufferAttribute, LatheGeometry, MeshStandardMaterial, Path, Shape, ShapeGeometry, type Texture, Vector2 } from 'three';
import { useCoordinateLabels } from './BoardCoordinates';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { BOARD_TOP, BOARD_WIDTH, PITCH, regionHalfWidth, SOCKET_DEPTH, SOCKET_RADIUS, socketX, socketZ } from './layout';
import { roundedRect } from './shapes';
import { currentView } from './view';

const CORNER_RADIUS = 0.5;
const BEVEL = 0.06;
/** Points around each socket: its bowl's lathe and its hole in the top face share them, so they meet without a seam. */
const SOCKET_SEGMENTS = 24;

/**
 * The plate is built from what can be seen of it: the top face with its 64 holes, the outer rim
 * with its rounded edge, and one bowl per socket whose profile starts with the hole's rounded lip.
 * (Extruding the plate with its holes, as three's ExtrudeGeometry does, also made the walls
 * behind the bowls and the bottom: 160,000 vertices and a start-up task of 0.3-1 s.)
 */
export function createBoardGeometry(): BufferGeometry {
  const parts = [builtAhead(createTopFace), builtAhead(createRim), ...builtAhead(createSocketBowls)];
  const merged = mergeGeometries(parts)!;
  for (const part of parts) part.dispose();
  return merged;
}

/**
 * The board's geometry in the steps buildAhead (builtAhead.ts) takes a task each: its parts, then
 * their merge. The top face's triangulation around 64 holes alone is about 80 ms on a first run.
 */
export const BOARD_GEOMETRY_STEPS: (() => unknown)[] = [createTopFace, createRim, createSocketBowls, createBoardGeometry];

/** The outline of the plate's top face, in shape coordinates (x, -z) as the face is turned to lie flat. */
function plateOutline(): Shape {
  const outline = new Shape();
  roundedRect(outline, BOARD_WIDTH / 2 - BEVEL, BOARD_WIDTH / 2 - BEVEL, CORNER_RADIUS);
  return outline;
}

/** Lies a face or solid built in shape coordinates (x, -z) flat, its front facing up. */
function lieFlat(geometry: BufferGeometry): BufferGeometry {
  geometry.rotateX(-Math.PI / 2);
  geometry.deleteAttribute('uv');
  return geometry;
}

/**
 * The plate's top face around its 64 holes, laid out by hand rather than triangulated: each socket's
 * square of the grid is a strip from its hole's rim out to the square (a point on the square along
 * each of the rim's points, so neighbouring squares meet point for point), and the frame between
 * the grid and the plate's rounded edge is one shape with the grid as its single hole. Three's
 * triangulation of the plate with 64 holes took 50-100 ms on a first run, one start-up task.
 */
function createTopFace(): BufferGeometry {
  const half = PITCH / 2;
  const rim = SOCKET_RADIUS + BEVEL;
  const positions: number[] = [];
  const index: number[] = [];
  for (let i = 0; i < 64; i++) {
    const first = positions.length / 3;
    for (let k = 0; k < SOCKET_SEGMENTS; k++) {
      // The lathe's points (x = r sin, z = r cos), and where their ray leaves the socket's square.
      const phi = (k / SOCKET_SEGMENTS) * Math.PI * 2;
      const [sin, cos] = [Math.sin(phi), Math.cos(phi)];
      const out = half / Math.max(Math.abs(sin), Math.abs(cos));
      positions.push(socketX(i) + rim * sin, BOARD_TOP, socketZ(i) + rim * cos, socketX(i) + out * sin, BOARD_TOP, socketZ(i) + out * cos);
      const [p, q] = [first + 2 * k, first + 1 + 2 * k];
      const [pNext, qNext] = [first + 2 * ((k + 1) % SOCKET_SEGMENTS), first + 1 + 2 * ((k + 1) % SOCKET_SEGMENTS)];
      index.push(p, q, qNext, p, qNext, pNext);
    }
  }
  const grid = new BufferGeometry();
  grid.setAttribute('position', new Float32BufferAttribute(positions, 3));
  grid.setAttribute('normal', new Float32BufferAttribute(new Array(positions.length / 3).fill([0, 1, 0]).flat(), 3));
  grid.setIndex(index);

  // The frame: the plate's outline with the grid's edge as its hole, through every point the edge
  // squares have on it (in shape coordinates, x and -z).
  const edge = [...Array(8).keys()].flatMap((c) => [-3, -2, -1, 0, 1, 2].map((j) => (c - 3.5) * PITCH + half * Math.tan((j * Math.PI) / 12)));
  const end = 4 * PITCH;
  const hole = new Path([
    ...edge.map((x) => new Vector2(x, end)),
    ...edge.map((y) => new Vector2(end, -y)),
    ...edge.map((x) => new Vector2(-x, -end)),
    ...edge.map((y) => new Vector2(-end, y)),
  ]);
  const outline = plateOutline();
  outline.holes.push(hole);
  const frame = lieFlat(new ShapeGeometry(outline, 20)).translate(0, BOARD_TOP, 0);
  const face = mergeGeometries([frame, grid])!;
  frame.dispose();
  grid.dispose();
  return face;
}

/** The plate's sides and the rounded edge all round, without its top and bottom faces. */
function createRim(): BufferGeometry {
  const solid = new ExtrudeGeometry(plateOutline(), {
    depth: BOARD_TOP - 2 * BEVEL,
    bevelEnabled: true,
    bevelThickness: BEVEL,
    bevelSize: BEVEL,
    bevelSegments: 2,
    curveSegments: 20,
  });
  // ExtrudeGeometry lists its two faces first (group 0), then the sides (group 1).
  const sides = solid.groups[1];
  const rim = new BufferGeometry();
  for (const name of ['position', 'normal'] as const) {
    const attribute = solid.getAttribute(name);
    rim.setAttribute(name, new Float32BufferAttribute(attribute.array.slice(sides.start * 3, (sides.start + sides.count) * 3), 3));
  }
  rim.setIndex([...Array(sides.count).keys()]);
  solid.dispose();
  return lieFlat(rim).translate(0, BEVEL, 0);
}

/** One bowl per socket: the hole's rounded lip, then down to the socket's bottom. */
function createSocketBowls(): BufferGeometry[] {
  const profile: Vector2[] = [];
  const lipSteps = 2;
  for (let k = 0; k < lipSteps; k++) {
    const t = ((k / lipSteps) * Math.PI) / 2;
    profile.push(new Vector2(SOCKET_RADIUS + BEVEL - BEVEL * Math.sin(t), BOARD_TOP - BEVEL + BEVEL * Math.cos(t)));
  }
  const steps = 7;
  const top = BOARD_TOP - BEVEL;
  for (let k = 0; k <= steps; k++) {
    const t = ((k / steps) * Math.PI) / 2;
    profile.push(new Vector2(Math.max(SOCKET_RADIUS * Math.cos(t), 0.0001), top - (SOCKET_DEPTH - BEVEL) * Math.sin(t)));
  }
  // The lathe of this profile faces up, into the bowl: seen from above we look at its front.
  const bowl = new LatheGeometry(profile, SOCKET_SEGMENTS);
  bowl.deleteAttribute('uv');
  const bowls = Array.from({ length: 64 }, (_, i) => bowl.clone().translate(socketX(i), 0, socketZ(i)));
  bowl.dispose();
  return bowls;
}

export function createBoardMaterial(coordinates: Texture | null = null): MeshStandardMaterial {
  const material = new MeshStandardMaterial({ color: '#24324c', roughness: 0.62, metalness: 0, envMapIntensity: 0.7, side: DoubleSide });
  // Double-sided: the bowls are seen from inside their lathe surfaces.
  const uniforms = {
    regionHalf: { value: regionHalfWidth(8) },
    dimOutside: { value: 1 },
    coordinates: { value: coordinates },
    coordinatesShown: { value: 0 },
  };
  material.userData.uniforms = uniforms;
  const onTop = `step(${(BOARD_TOP - 0.02).toFixed(3)}, vBoardPos.y)`;
  material.onBeforeCompile = (shader) => {
    Object.assign(shader.uniforms, uniforms);
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nvarying vec3 vBoardPos;')
      .replace('#include <begin_vertex>', '#include <begin_vertex>\nvBoardPos = position;');
    shader.fragmentShader = shader.fragmentShader
      .replace(
        '#include <common>',
        '#include <common>\nvarying vec3 vBoardPos;\nuniform float regionHalf;\nuniform float dimOutside;\nuniform sampler2D coordinates;\nuniform float coordinatesShown;',
      )
      .replace(
        '#include <color_fragment>',
        `#include <color_fragment>
{
  // Signed distance outside the square of sockets in use; a painted frame line on its edge.
  float outside = max(abs(vBoardPos.x), abs(vBoardPos.z)) - regionHalf;
  float line = 1.0 - smoothstep(0.03, 0.03 + fwidth(outside) * 1.5, abs(outside - 0.06));
  // Unused sockets (6x6, 4x4): darker, inside the grid of sockets only.
  if (outside > 0.12 && max(abs(vBoardPos.x), abs(vBoardPos.z)) < ${(4 * PITCH + 0.05).toFixed(3)}) diffuseColor.rgb *= dimOutside;
  diffuseColor.rgb = mix(diffuseColor.rgb, vec3(0.62, 0.66, 0.74), line * ${onTop});
}`,
      )
      .replace(
        '#include <colorspace_fragment>',
        `#include <colorspace_fragment>
{
  // The coordinates, printed ink over the lit plastic: unlit, as a label on top would be.
  vec4 label = texture2D(coordinates, vBoardPos.xz / ${BOARD_WIDTH.toFixed(4)} + 0.5);
  gl_FragColor.rgb = mix(gl_FragColor.rgb, linearToOutputTexel(vec4(label.rgb, 1.0)).rgb, label.a * coordinatesShown * ${onTop});
}`,
      );
  };
  material.customProgramCacheKey = () => 'rolit-board';
  return material;
}

export function Board() {
  const geometry = useMemo(() => builtAhead(createBoardGeometry), []);
  const labels = useCoordinateLabels();
  const material = useMemo(() => createBoardMaterial(labels.texture), [labels.texture]);
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => () => {
    geometry.dispose();
    material.dispose();
  }, [geometry, material]);
  useLayoutEffect(() => {
    material.userData.uniforms.coordinatesShown.value = labels.shown ? 1 : 0;
    invalidate();
  }, [material, labels.shown, invalidate]);
  useFrame(() => {
    const size = currentView().size;
    material.userData.uniforms.regionHalf.value = regionHalfWidth(size);
    material.userData.uniforms.dimOutside.value = size === 8 ? 1 : 0.45;
  });
  return <mesh geometry={geometry} material={material} receiveShadow castShadow />;
}
