/**
 * The supply: an open box holding the unplayed balls (the balls are in Balls), beside the board
 * on a landscape screen and away beyond its far side, out of view, on a phone's; its size and where
 * it stands are layout.ts's (supplyFootprint, supplySideFor). The walls and the floor take the standard
 * plastic material of the side buttons (one shader program for all three).
 */
import { useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo } from 'react';
import { DoubleSide, ExtrudeGeometry, Path, Shape } from 'three';
import { setSupplySide, supplySideFor, SUPPLY_BEVEL, SUPPLY_FLOOR, SUPPLY_INNER_HALF, SUPPLY_WALL, SUPPLY_WALL_HEIGHT, supplyFootprint, supplyYaw } from './layout';
import { roundedRect } from './shapes';

function createTrayGeometry(): ExtrudeGeometry[] {
  const [hw, hd] = SUPPLY_INNER_HALF;
  const wall = new Shape();
  roundedRect(wall, hw + SUPPLY_WALL, hd + SUPPLY_WALL, 0.35);
  const inner = new Path();
  roundedRect(inner, hw, hd, 0.2);
  wall.holes.push(inner);
  const bevel = { bevelEnabled: true, bevelSize: SUPPLY_BEVEL, bevelThickness: SUPPLY_BEVEL, bevelSegments: 2, curveSegments: 6 };
  const walls = new ExtrudeGeometry(wall, { depth: SUPPLY_WALL_HEIGHT - 2 * SUPPLY_BEVEL, ...bevel });
  walls.rotateX(-Math.PI / 2).translate(0, SUPPLY_BEVEL, 0);
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
  const side = useThree((s) => supplySideFor(s.size.width, s.size.height));
  const invalidate = useThree((s) => s.invalidate);
  // Set during render, so this frame's balls (Balls reads supplySlotPosition each frame) and tray agree.
  setSupplySide(side);
  useLayoutEffect(() => invalidate(), [side, invalidate]);
  const { centre } = supplyFootprint();
  return (
    <group position={[centre[0], 0, centre[1]]} rotation={[0, supplyYaw(), 0]}>
      <mesh geometry={walls} castShadow receiveShadow>
        {/* Both sides in the shadow map, as the board: one depth program for both. */}
        <meshStandardMaterial color="#2c3b57" roughness={0.4} shadowSide={DoubleSide} />
      </mesh>
      <mesh geometry={floor} receiveShadow>
        <meshStandardMaterial color="#1d2739" roughness={0.8} />
      </mesh>
    </group>
  );
}
