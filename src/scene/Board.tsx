/**
 * The board: a moulded dark plastic tray with 64 round sockets, all one mesh (one draw call).
 * The plate is an extruded rounded square with 64 holes; a shallow bowl closes each hole.
 * For 6x6 and 4x4 the region in use is framed by a painted line and the sockets outside it are
 * dimmed, in the board's shader, so changing size costs nothing. The same shader prints the
 * coordinates on the frame (BoardCoordinates.tsx draws them on a canvas).
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo } from 'react';
import { type BufferGeometry, DoubleSide, ExtrudeGeometry, LatheGeometry, MeshStandardMaterial, Path, Shape, type Texture, Vector2 } from 'three';
import { useCoordinateLabels } from './BoardCoordinates';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { BOARD_TOP, BOARD_WIDTH, PITCH, regionHalfWidth, SOCKET_DEPTH, SOCKET_RADIUS, socketX, socketZ } from './layout';
import { roundedRect } from './shapes';
import { currentView } from './view';

const CORNER_RADIUS = 0.5;
const BEVEL = 0.06;

export function createBoardGeometry(): BufferGeometry {
  const outline = new Shape();
  roundedRect(outline, BOARD_WIDTH / 2 - BEVEL, BOARD_WIDTH / 2 - BEVEL, CORNER_RADIUS);
  for (let i = 0; i < 64; i++) {
    const hole = new Path();
    // Shape coordinates are (x, -z): the plate is turned to lie flat below.
    hole.absarc(socketX(i), -socketZ(i), SOCKET_RADIUS + BEVEL, 0, Math.PI * 2, true);
    outline.holes.push(hole);
  }
  const thickness = BOARD_TOP - 2 * BEVEL;
  const plate = new ExtrudeGeometry(outline, {
    depth: thickness,
    bevelEnabled: true,
    bevelThickness: BEVEL,
    bevelSize: BEVEL,
    bevelSegments: 2,
    curveSegments: 20,
  });
  plate.rotateX(-Math.PI / 2);
  plate.translate(0, BEVEL, 0);

  // A bowl: from the hole's wall just under the rounded edge down to the socket's bottom.
  const profile: Vector2[] = [];
  const steps = 7;
  const top = BOARD_TOP - BEVEL;
  for (let k = 0; k <= steps; k++) {
    const t = k / steps;
    const r = SOCKET_RADIUS * Math.cos((t * Math.PI) / 2);
    const y = top - (SOCKET_DEPTH - BEVEL) * Math.sin((t * Math.PI) / 2);
    profile.push(new Vector2(Math.max(r, 0.0001), y));
  }
  const bowl = new LatheGeometry(profile, 24);
  bowl.deleteAttribute('uv');
  plate.deleteAttribute('uv');
  const parts: BufferGeometry[] = [plate];
  // The lathe of this profile faces up, into the bowl: seen from above we look at its front.
  const inside = bowl.toNonIndexed();
  for (let i = 0; i < 64; i++) parts.push(inside.clone().translate(socketX(i), 0, socketZ(i)));
  inside.dispose();
  const merged = mergeGeometries(parts)!;
  for (const part of parts) part.dispose();
  bowl.dispose();
  return merged;
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
  const geometry = useMemo(createBoardGeometry, []);
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
