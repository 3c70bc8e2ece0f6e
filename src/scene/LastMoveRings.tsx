/**
 * The last move stays marked until the next one: a ring around the socket it filled and a thinner
 * ring around each ball it rolled. A ring of light paint, not a change of the balls' colours, so
 * colour-blind viewers see it too.
 */
import { useLayoutEffect, useMemo } from 'react';
import { MeshBasicMaterial, TorusGeometry } from 'three';
import { useSession } from '../app/page/pageSession';
import { parseSquare } from '../engine/geometry';
import { BOARD_TOP, socketX, socketZ } from './layout';

const RING_RADIUS = 0.6;

export function LastMoveRings() {
  const last = useSession((s) => s.shown.moves.at(-1)); // as the board shows it: no ring before the ball lands
  const size = useSession((s) => s.snapshot.setup.size);
  const { placed, rolled, material } = useMemo(
    () => ({
      placed: new TorusGeometry(RING_RADIUS, 0.045, 8, 48).rotateX(Math.PI / 2),
      rolled: new TorusGeometry(RING_RADIUS, 0.022, 6, 48).rotateX(Math.PI / 2),
      material: new MeshBasicMaterial({ color: '#f6efe2', transparent: true, opacity: 0.85, toneMapped: false }),
    }),
    [],
  );
  useLayoutEffect(() => () => {
    placed.dispose();
    rolled.dispose();
    material.dispose();
  }, [placed, rolled, material]);
  // Before the first move a hidden ring stays in the scene, so the loading screen's shader
  // warm-up (which compiles hidden objects too) prepares its material: the first move's frame
  // does not stall on a compile.
  if (!last) {
    return (
      <group name="last-move">
        <mesh geometry={placed} material={material} visible={false} />
      </group>
    );
  }
  const ring = (square: string, geometry: TorusGeometry) => {
    const index = parseSquare(size, square);
    return index < 0 ? null : <mesh key={square} geometry={geometry} material={material} position={[socketX(index), BOARD_TOP + 0.01, socketZ(index)]} />;
  };
  return (
    <group name="last-move">
      {last.squares.map((s) => ring(s, placed))}
      {last.rolls.map((r) => ring(r.square, rolled))}
    </group>
  );
}
