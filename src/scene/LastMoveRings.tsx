/**
 * The last move stays marked until the next one: a ring around the socket it filled and a thinner
 * ring around each ball it rolled. A ring of light paint, not a change of the balls' colours, so
 * colour-blind viewers see it too. Two instanced meshes (thick and thin rings): two draw calls
 * however many balls rolled, and the socket dots' shader program (Sockets.tsx).
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { type InstancedMesh, Matrix4, MeshBasicMaterial, TorusGeometry } from 'three';
import { useSession } from '../app/page/pageSession';
import { parseSquare } from '../engine/geometry';
import { BOARD_TOP, socketX, socketZ } from './layout';

const RING_RADIUS = 0.6;
/** Sockets a move can fill (a Pro double fills two) and balls it can roll. */
const MAX_PLACED = 2;
const MAX_ROLLED = 64;

/** Puts a ring around each square's socket; hidden when there is none (no empty draw call). */
function placeRings(mesh: InstancedMesh | null, squares: readonly number[]): void {
  if (!mesh) return;
  const m = new Matrix4();
  squares.forEach((index, i) => mesh.setMatrixAt(i, m.makeTranslation(socketX(index), BOARD_TOP + 0.01, socketZ(index))));
  mesh.count = squares.length;
  mesh.visible = squares.length > 0;
  mesh.instanceMatrix.needsUpdate = true;
}

export function LastMoveRings() {
  const last = useSession((s) => s.shown.moves.at(-1)); // as the board shows it: no ring before the ball lands
  const size = useSession((s) => s.snapshot.setup.size);
  const placedRings = useRef<InstancedMesh>(null);
  const rolledRings = useRef<InstancedMesh>(null);
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
  useLayoutEffect(() => {
    const indices = (squares: readonly string[]) => squares.map((s) => parseSquare(size, s)).filter((i) => i >= 0);
    placeRings(placedRings.current, indices(last?.squares ?? []));
    placeRings(rolledRings.current, indices(last?.rolls.map((r) => r.square) ?? []));
  }, [last, size]);
  // Mounted (hidden) before the first move too, so the loading screen's shader warm-up (which
  // compiles hidden objects) prepares their program: the first move's frame does not stall on it.
  return (
    <group name="last-move">
      <instancedMesh ref={placedRings} args={[placed, material, MAX_PLACED]} frustumCulled={false} />
      <instancedMesh ref={rolledRings} args={[rolled, material, MAX_ROLLED]} frustumCulled={false} />
    </group>
  );
}
