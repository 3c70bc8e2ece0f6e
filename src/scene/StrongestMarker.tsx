/**
 * The strongest move's marker (Analysis: Strongest move): a thick gold ring around each socket of
 * the master's move and a star label naming it ("★ f4") above, so the mark reads without its
 * colour and apart from the last-move rings and the exact values. Shown only while the answer
 * belongs to the position on the board.
 */
import { useLayoutEffect, useMemo } from 'react';
import { MeshBasicMaterial, TorusGeometry } from 'three';
import { useSession } from '../app/page/pageSession';
import { markedSquares, useStrongestMove } from '../app/analysis/strongestMove';
import { parseSquare } from '../engine/geometry';
import { labelMaterial, type LabelStyle } from './labelMaterial';
import { BOARD_TOP, PITCH, socketX, socketZ } from './layout';

const GOLD = '#ffc83d';
/** Above the exact values' labels (0.55), so both can be read on the same socket. */
const LABEL_HEIGHT = 1.35;

/** Dark text on a gold plate, the ring's colour. */
const STAR_LABEL: LabelStyle = { width: 192, plate: GOLD, edge: '#1a1408', ink: '#1a1408' };

export function StrongestMarker() {
  const move = useStrongestMove((s) => (s.status === 'done' ? s.move : null));
  const answeredEvents = useStrongestMove((s) => s.events);
  const events = useSession((s) => s.snapshot.events);
  const size = useSession((s) => s.snapshot.setup.size);
  const { ring, ringMaterial } = useMemo(
    () => ({
      ring: new TorusGeometry(0.68, 0.09, 10, 48).rotateX(Math.PI / 2),
      ringMaterial: new MeshBasicMaterial({ color: GOLD, toneMapped: false }),
    }),
    [],
  );
  const label = useMemo(() => (move ? labelMaterial(`★ ${move}`, STAR_LABEL) : null), [move]);
  useLayoutEffect(() => () => {
    ring.dispose();
    ringMaterial.dispose();
  }, [ring, ringMaterial]);
  useLayoutEffect(() => () => {
    label?.map?.dispose();
    label?.dispose();
  }, [label]);
  if (!move || !label || answeredEvents !== events) return null;
  return (
    <group name="strongest-move">
      {markedSquares(move).map((square) => {
        const index = parseSquare(size, square);
        if (index < 0) return null;
        return (
          <group key={square} position={[socketX(index), BOARD_TOP, socketZ(index)]}>
            <mesh geometry={ring} material={ringMaterial} position={[0, 0.03, 0]} renderOrder={11} />
            <sprite material={label} position={[0, LABEL_HEIGHT, 0]} scale={[PITCH * 1.3, PITCH * 0.54, 1]} renderOrder={12} />
          </group>
        );
      })}
    </group>
  );
}
