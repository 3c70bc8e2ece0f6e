/**
 * The supply: an open tray holding the unplayed balls (the balls are in Balls), beside the board
 * on a landscape screen and beyond its far side on a portrait one (layout.ts, setSupplySide).
 */
import { useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo } from 'react';
import { ExtrudeGeometry, Path, Shape } from 'three';
import { setSupplySide, SUPPLY_COLUMNS, SUPPLY_FLOOR, SUPPLY_PITCH, SUPPLY_ROWS, supplyFootprint, supplyYaw } from './layout';
import { roundedRect } from './shapes';

const WALL = 0.22;
const HEIGHT = 0.75;

function createTrayGeometry(): ExtrudeGeometry[] {
  const hw = (SUPPLY_COLUMNS * SUPPLY_PITCH) / 2 + 0.12;
  const hd = (SUPPLY_ROWS * SUPPLY_PITCH) / 2 + 0.12;
  const wall = new Shape();
  roundedRect(wall, hw + WALL, hd + WALL, 0.35);
  const inner = new Path();
  roundedRect(inner, hw, hd, 0.2);
  wall.holes.push(inner);
  const walls = new ExtrudeGeometry(wall, { depth: HEIGHT - 0.08, bevelEnabled: true, bevelSize: 0.04, bevelThickness: 0.04, bevelSegments: 2, curveSegments: 6 });
  walls.rotateX(-Math.PI / 2).translate(0, 0.04, 0);
  const floorShape = new Shape();
  roundedRect(floorShape, hw + 0.01, hd + 0.01, 0.2);
  const floor = new ExtrudeGeometry(floorShape, { depth: SUPPLY_FLOOR, bevelEnabled: false, curveSegments: 6 });
  floor.rotateX(-Math.PI / 2);
  return [walls, floor];
}

export function Supply() {
  const [walls, floor] = useMemo(createTrayGeometry, []);
  useLayoutEffect(() => () => {
    walls.dispose();
    floor.dispose();
  }, [walls, floor]);
  const portrait = useThree((s) => s.size.width < s.size.height);
  const invalidate = useThree((s) => s.invalidate);
  // Set during render, so this frame's balls (Balls reads supplySlotPosition each frame) and tray agree.
  setSupplySide(portrait ? 'beyond' : 'beside');
  useLayoutEffect(() => invalidate(), [portrait, invalidate]);
  const { centre } = supplyFootprint();
  return (
    <group position={[centre[0], 0, centre[1]]} rotation={[0, supplyYaw(), 0]}>
      <mesh geometry={walls} castShadow receiveShadow>
        <meshPhysicalMaterial color="#2c3b57" roughness={0.45} clearcoat={0.3} />
      </mesh>
      <mesh geometry={floor} receiveShadow>
        <meshStandardMaterial color="#1d2739" roughness={0.8} />
      </mesh>
    </group>
  );
}
