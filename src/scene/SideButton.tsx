/**
 * The coloured button in the middle of each side of the board. The button of the colour to move
 * lights up (and rises a little), as the director says; at the end of a round the button of the
 * colour being counted, then the winners' buttons (pulsing in the winner's moment). With the colour symbols on, its top
 * carries its colour's symbol, as the balls do.
 */
import { useFrame } from '@react-three/fiber';
import { useRef } from 'react';
import { Color, type Mesh, type MeshStandardMaterial } from 'three';
import { symbolsOn, useAccess } from '../app/setup/accessPrefs';
import { SYMBOL_INK } from './ballMaterial';
import type { Colour } from '../engine/colours';
import { PAINT, SIDE_BUTTON, SIDE_BUTTONS } from './layout';
import { currentView } from './view';
import type { VisualState } from '../director/view';

export function SideButton({ colour, position, facing }: { colour: Colour; position: [number, number, number]; facing: number }) {
  const mesh = useRef<Mesh>(null);
  const material = useRef<MeshStandardMaterial>(null);
  useFrame(() => {
    const glow = buttonGlow(currentView(), colour);
    const lit = glow > 0;
    if (material.current) {
      material.current.emissiveIntensity = glow;
      material.current.color.set(PAINT[colour]).multiplyScalar(lit ? 1 : 0.45);
    }
    if (mesh.current) mesh.current.position.y = position[1] + (lit ? SIDE_BUTTON.lift : 0.03);
  });
  return (
    <mesh ref={mesh} position={position} rotation-y={facing}>
      {/* An oval-ish pad: a cylinder squashed along the side. */}
      <cylinderGeometry args={[SIDE_BUTTON.topRadius, SIDE_BUTTON.footRadius, SIDE_BUTTON.height, 40]} />
      <meshStandardMaterial ref={material} color={PAINT[colour]} emissive={PAINT[colour]} emissiveIntensity={0} roughness={0.3} />
      <ButtonSymbol colour={colour} />
    </mesh>
  );
}

/** Beats per script second of a winner's button in the winner's moment. */
const WINNER_PULSE = 1.5;

/**
 * How brightly `colour`'s button glows (0: dark): the colour to move; at the end of a round the
 * colour being counted, then the winners' buttons pulsing, then lit while the result is shown.
 */
function buttonGlow(view: VisualState, colour: Colour): number {
  const end = view.roundOver;
  if (!end) return view.litButton === colour ? 0.55 : 0;
  if (end.phase === 'counting') return end.counting === colour ? 0.55 : 0;
  if (!end.winners.includes(colour)) return 0;
  return end.phase === 'winner' ? 0.45 + 0.4 * Math.sin(view.time * WINNER_PULSE * 2 * Math.PI) : 0.55;
}

/** The colour's symbol lying on the button's top (same shapes as on the balls: ballMaterial.ts). */
function ButtonSymbol({ colour }: { colour: Colour }) {
  const shown = useAccess(symbolsOn);
  if (!shown) return null;
  const ink = new Color().setScalar(SYMBOL_INK[colour]);
  const material = <meshBasicMaterial color={ink} toneMapped={false} />;
  const bar = (angle: number) => (
    <mesh rotation-z={angle}>
      <planeGeometry args={[0.5, 0.13]} />
      {material}
    </mesh>
  );
  return (
    <group position-y={0.082} rotation-x={-Math.PI / 2}>
      {colour === 'red' && (
        <mesh>
          <circleGeometry args={[0.2, 32]} />
          {material}
        </mesh>
      )}
      {colour === 'yellow' && (
        <mesh rotation-z={Math.PI / 2}>
          <circleGeometry args={[0.26, 3]} />
          {material}
        </mesh>
      )}
      {colour === 'green' && (
        <mesh>
          <circleGeometry args={[0.25, 4, Math.PI / 4]} />
          {material}
        </mesh>
      )}
      {colour === 'blue' && (
        <>
          {bar(0)}
          {bar(Math.PI / 2)}
        </>
      )}
    </group>
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
