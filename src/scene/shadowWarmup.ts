/**
 * The shadow pass's programs, compiled ahead of the first frame. The shadow map draws every
 * shadow caster with a depth material of its own, whose programs three.js would only build in the
 * first frame that casts shadows. Here a stand-in of each caster, with a depth material set as the
 * shadow map sets its own, goes through renderer.compileAsync in the shadow pass's conditions
 * (no fog, drawing into a render target: no tone mapping, working colour space), so the programs
 * it builds are the very ones the shadow pass looks up.
 */
import {
  BackSide,
  DoubleSide,
  FrontSide,
  Group,
  InstancedMesh,
  type Material,
  Mesh,
  MeshDepthMaterial,
  type Object3D,
  type Camera,
  type Scene,
  type Side,
  WebGLRenderTarget,
  type WebGLRenderer,
} from 'three';
import { gpuCaughtUp } from './gpuFence';

/** The shadow map draws a caster's other side (WebGLShadowMap's shadowSide). */
const SHADOW_SIDE: Record<Side, Side> = { [FrontSide]: BackSide, [BackSide]: FrontSide, [DoubleSide]: DoubleSide };

/** The depth material the shadow map draws `material` with (WebGLShadowMap.getDepthMaterial's settings). */
function depthMaterialFor(material: Material): MeshDepthMaterial {
  const source = material as Material & Partial<Pick<MeshDepthMaterial, 'map' | 'alphaMap' | 'displacementMap' | 'displacementScale' | 'displacementBias' | 'wireframe'>>;
  const depth = new MeshDepthMaterial();
  depth.side = material.shadowSide ?? SHADOW_SIDE[material.side];
  depth.alphaTest = material.alphaToCoverage ? 0.5 : material.alphaTest;
  depth.map = source.map ?? null;
  depth.alphaMap = source.alphaMap ?? null;
  depth.displacementMap = source.displacementMap ?? null;
  depth.displacementScale = source.displacementScale ?? 1;
  depth.displacementBias = source.displacementBias ?? 0;
  depth.wireframe = source.wireframe ?? false;
  depth.clippingPlanes = material.clippingPlanes;
  depth.clipShadows = material.clipShadows;
  return depth;
}

/** Stand-ins of the scene's shadow casters, drawn with their shadow-pass depth materials. */
function shadowCasters(scene: Object3D): Group {
  const casters = new Group();
  scene.traverse((object) => {
    const mesh = object as Mesh;
    if (!mesh.isMesh || !mesh.castShadow) return;
    for (const material of Array.isArray(mesh.material) ? mesh.material : [mesh.material]) {
      const depth = depthMaterialFor(material);
      casters.add((mesh as InstancedMesh).isInstancedMesh ? new InstancedMesh(mesh.geometry, depth, 1) : new Mesh(mesh.geometry, depth));
    }
  });
  return casters;
}

/**
 * Compiles the shadow pass's programs for `scene` (its lights and casters); resolves when they
 * are ready. The stand-ins' materials are not disposed: that would drop the programs just built.
 */
export async function compileShadowPrograms(gl: WebGLRenderer, scene: Scene, camera: Camera): Promise<void> {
  if (!gl.shadowMap.enabled) return;
  const casters = shadowCasters(scene);
  const target = new WebGLRenderTarget(1, 1);
  /** Runs `compile` in the shadow pass's conditions (only three.js's synchronous part needs them). */
  const asInShadowPass = <T>(compile: () => T): T => {
    const fog = scene.fog;
    const drawingTo = gl.getRenderTarget();
    try {
      scene.fog = null;
      gl.setRenderTarget(target);
      return compile();
    } finally {
      scene.fog = fog;
      gl.setRenderTarget(drawingTo);
    }
  };
  try {
    asInShadowPass(() => gl.compile(casters, camera, scene));
    await gpuCaughtUp(gl);
    await asInShadowPass(() => gl.compileAsync(casters, camera, scene));
  } finally {
    target.dispose();
  }
}
