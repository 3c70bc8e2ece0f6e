/**
 * Compiles the scene's shaders while the loading screen shows, before the first visible frame:
 * one part of the scene per task (renderer.compileAsync with the whole scene's lights), so no
 * single task freezes the page the way compiling everything inside the first render did.
 */
import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { shaderProgress } from './loadProgress';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function ShaderWarmup({ onDone }: { onDone: () => void }) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);
  useEffect(() => {
    let cancelled = false;
    const parts = [...scene.children];
    (async () => {
      shaderProgress(0, parts.length);
      for (const [i, part] of parts.entries()) {
        await nextTask();
        if (cancelled) return;
        await gl.compileAsync(part, camera, scene);
        shaderProgress(i + 1, parts.length);
      }
      if (!cancelled) onDone();
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
