/**
 * The keyboard cursor's ring (app/boardCursor.ts): a white ring inside a black one around the
 * cursor's socket, drawn over everything (no depth test), so it stands out on the navy board and
 * over a ball of any colour. Shown only while a keyboard user moves the cursor.
 */
import { useBoardCursor } from '../app/session/boardCursor';
import { useSession } from '../app/page/pageSession';
import { parseSquare } from '../engine/geometry';
import { BOARD_TOP, socketX, socketZ } from './layout';

const RINGS: { radius: number; tube: number; colour: string }[] = [
  { radius: 0.6, tube: 0.085, colour: '#000000' },
  { radius: 0.6, tube: 0.04, colour: '#ffffff' },
];

export function SocketCursor() {
  const square = useBoardCursor((s) => s.square);
  const shown = useBoardCursor((s) => s.shown);
  const size = useSession((s) => s.snapshot.setup.size);
  const index = square ? parseSquare(size, square) : -1;
  if (!shown || index < 0) return null;
  return (
    <group position={[socketX(index), BOARD_TOP + 0.04, socketZ(index)]} rotation-x={-Math.PI / 2}>
      {RINGS.map((r, i) => (
        <mesh key={i} renderOrder={10 + i}>
          <torusGeometry args={[r.radius, r.tube, 12, 48]} />
          <meshBasicMaterial color={r.colour} depthTest={false} depthWrite={false} toneMapped={false} transparent />
        </mesh>
      ))}
    </group>
  );
}
