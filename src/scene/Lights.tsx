/**
 * Soft studio light: the studio's light panels as prefiltered reflections (baked ahead of time:
 * environmentMap.ts; nothing is rendered or prefiltered on the page) for the glossy balls, and
 * one warm key light casting the shadows, its shadow camera fitted tightly around the board and
 * the supply. The scene waits for the reflections (a few KB), so its shaders are compiled once,
 * with them.
 */
import { useThree } from '@react-three/fiber';
import { use, useLayoutEffect } from 'react';
import { loadEnvironment } from './environmentMap';
import studioEnvironmentUrl from './studio-environment.webp';
import { softwareRendering } from './webgl';

/**
 * Fetched as soon as the scene's code runs, beside the physics, and kept once loaded: React's use()
 * suspends even on a promise settled long ago, and a suspended first mount of the scene is shown
 * 300 ms late (React holds back what a fallback replaced).
 */
let loaded: Awaited<ReturnType<typeof loadEnvironment>> | undefined;
const studioEnvironment = loadEnvironment(studioEnvironmentUrl).then((environment) => (loaded = environment));

export function Lights() {
  const environment = loaded === undefined ? use(studioEnvironment) : loaded;
  const scene = useThree((s) => s.scene);
  useLayoutEffect(() => {
    scene.environment = environment;
    scene.environmentIntensity = 0.9;
    return () => {
      scene.environment = null;
    };
  }, [scene, environment]);
  return (
    <>
      <hemisphereLight args={['#fff4e6', '#3a2614', 0.35]} />
      <directionalLight
        position={[-7, 22, 12]}
        intensity={2.1}
        color="#fff1dc"
        castShadow
        shadow-mapSize={softwareRendering() ? [1024, 1024] : [2048, 2048]}
        shadow-bias={-0.0004}
        shadow-normalBias={0.03}
        shadow-radius={4}
        shadow-camera-left={-21}
        shadow-camera-right={21}
        shadow-camera-top={13}
        shadow-camera-bottom={-13}
        shadow-camera-near={5}
        shadow-camera-far={50}
      />
    </>
  );
}
