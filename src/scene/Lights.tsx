/**
 * Soft studio light: an environment made of a few light panels (drei Lightformers, rendered once
 * into a cube map on the GPU; nothing is downloaded) for the glossy reflections, and one warm key
 * light casting the shadows, its shadow camera fitted tightly around the board and the supply.
 */
import { Environment, Lightformer } from '@react-three/drei';
import { softwareRendering } from './webgl';

export function Lights() {
  return (
    <>
      <Environment resolution={256} frames={1} environmentIntensity={0.9}>
        <color attach="background" args={['#2a2622']} />
        <Lightformer form="rect" intensity={2.2} color="#fff6e8" position={[0, 12, 2]} rotation-x={Math.PI / 2} scale={[14, 8, 1]} />
        <Lightformer form="rect" intensity={1.6} color="#ffe2c0" position={[-14, 6, 8]} rotation-y={Math.PI / 2.6} scale={[10, 5, 1]} />
        <Lightformer form="rect" intensity={1.2} color="#dce8ff" position={[14, 5, -8]} rotation-y={-Math.PI / 2.4} scale={[10, 4, 1]} />
        <Lightformer form="ring" intensity={2.2} color="#ffffff" position={[4, 9, 12]} scale={4} onUpdate={(self) => self.lookAt(0, 0, 0)} />
      </Environment>
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
