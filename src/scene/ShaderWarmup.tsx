/**
 * Compiles the scene's shaders while the loading screen shows, before the first visible frame:
 * one part of the scene per task (renderer.compileAsync with the whole scene's lights), so no
 * single task freezes the page the way compiling everything inside the first render did, then
 * the shadow pass's programs. Each part's programs are sent to the GPU process and awaited by a
 * fence (gpuFence.ts) before three.js asks for their status, which would block the page. Then
 * the scene's textures are uploaded, a task each, so the first frame does not wait for them.
 */
import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { type Material, type Object3D, Texture } from 'three';
import { taskAfterOthers } from './builtAhead';
import { gpuCaughtUp } from './gpuFence';
import { SHADERS_COMPILED, shaderProgress } from './loadProgress';
import { compileShadowPrograms } from './shadowWarmup';

export function ShaderWarmup({ onDone }: { onDone: () => void }) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);
  useEffect(() => {
    let cancelled = false;
    const parts = [...scene.children];
    const total = parts.length + 1; // and the shadow pass
    (async () => {
      shaderProgress(0, total);
      for (const [i, part] of parts.entries()) {
        await taskAfterOthers();
        if (cancelled) return;
        gl.compile(part, camera, scene);
        await gpuCaughtUp(gl);
        if (cancelled) return;
        await gl.compileAsync(part, camera, scene);
        shaderProgress(i + 1, total);
      }
      await taskAfterOthers();
      if (cancelled) return;
      // After the parts: the shadow casters' own materials are compiled, and the lights are set up.
      await compileShadowPrograms(gl, scene, camera);
      await gpuCaughtUp(gl);
      if (cancelled) return;
      // A program's first use asks the GPU process for its uniforms, attributes and logs: round trips
      // that wait for every command sent before them. Asked now, with nothing queued, not in the
      // first frame behind its draw calls (190 ms of the first frame in a profile under SwiftShader);
      // a program a task (all seven in one took 50 ms of CPU, a task of 100-150 ms on two busy cores).
      for (const program of gl.info.programs ?? []) {
        await taskAfterOthers();
        if (cancelled) return;
        program.getUniforms();
        program.getAttributes();
      }
      // The textures (the table's wood, the coordinates, the labels) uploaded a task each, not all
      // in the first frame, which then waited for their upload behind its draw calls.
      for (const texture of texturesOf(scene)) {
        await taskAfterOthers();
        if (cancelled) return;
        gl.initTexture(texture);
        await gpuCaughtUp(gl);
      }
      if (cancelled) return;
      shaderProgress(total, total);
      performance.mark(SHADERS_COMPILED);
      onDone();
    })().catch((error: unknown) => {
      // Compiling ahead is an optimisation: the first frame compiles whatever is left.
      console.warn('the shaders could not be compiled ahead', error);
      if (!cancelled) onDone();
    });
    return () => {
      cancelled = true;
    };
  }, [gl, scene, camera, onDone]);
  return null;
}

/** Every texture the scene's materials use, their own (map, envMap, ...) and their shader's uniforms'. */
export function texturesOf(scene: Object3D): Set<Texture> {
  const textures = new Set<Texture>();
  const take = (value: unknown) => {
    if (value instanceof Texture) textures.add(value);
  };
  scene.traverse((object) => {
    const material = (object as { material?: Material | Material[] }).material;
    for (const m of Array.isArray(material) ? material : material ? [material] : []) {
      for (const value of Object.values(m)) take(value);
      // A ShaderMaterial's uniforms, and those a material adds to its shader in onBeforeCompile (kept in userData).
      type Uniforms = { uniforms?: Record<string, { value: unknown }> };
      for (const uniforms of [(m as Uniforms).uniforms, (m.userData as Uniforms).uniforms]) for (const uniform of Object.values(uniforms ?? {})) take(uniform?.value);
    }
  });
  return textures;
}
