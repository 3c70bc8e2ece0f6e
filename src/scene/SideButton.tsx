/**
 * The coloured button in the middle of each side of the board. The button of the colour to move
 * lights up (and rises a little), as the director says.
 */
import { useFrame } from '@react-three/fiber';
import { useRef } from 'react';
import type { Mesh, MeshStandardMaterial } from 'three';
import type { Colour } from '../engine/colours';
import { PAINT, SIDE_BUTTONS } from './layout';
import { currentView } from './view';

export function SideButton({ colour, position, facing }: { colour: Colour; position: [number, number, number]; facing: number }) {
  const mesh = useRef<Mesh>(null);
  const material = useRef<MeshStandardMaterial>(null);
  useFrame(() => {
    const lit = currentView().litButton === colour;
    if (material.current) {
      material.current.emissiveIntensity = lit ? 0.55 : 0;
      material.current.color.set(PAINT[colour]).multiplyScalar(lit ? 1 : 0.45);
    }
    if (mesh.current) mesh.current.position.y = position[1] + (lit ? 0.1 : 0.03);
  });
  return (
    <mesh ref={mesh} position={position} rotation-y={facing}>
      {/* An oval-ish pad: a cylinder squashed along the side. */}
      <cylinderGeometry args={[0.42, 0.46, 0.16, 40]} />
      <meshStandardMaterial ref={material} color={PAINT[colour]} emissive={PAINT[colour]} emissiveIntensity={0} roughness={0.3} />
    </mesh>
  );
}

export function SideButtons() {
  return (
    <>
      {SIDE_BUTTONS.map((b) => (
        <SideButton key={b.colour} {...b} />
      ))}
    </>
  );
}
