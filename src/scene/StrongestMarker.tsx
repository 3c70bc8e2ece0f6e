/**
 * The strongest move's marker (Analysis: Strongest move): a thick gold ring around each socket of
 * the master's move and a star label naming it ("★ f4") above, so the mark reads without its
 * colour and apart from the last-move rings and the exact values. Shown only while the answer
 * belongs to the position on the board.
 */
import { useLayoutEffect, useMemo } from 'react';
import { CanvasTexture, MeshBasicMaterial, SpriteMaterial, SRGBColorSpace, TorusGeometry } from 'three';
import { useSession } from '../app/pageSession';
import { markedSquares, useStrongestMove } from '../app/strongestMove';
import { parseSquare } from '../engine/geometry';
import { BOARD_TOP, PITCH, socketX, socketZ } from './layout';

const GOLD = '#ffc83d';
/** Above the exact values' labels (0.55), so both can be read on the same socket. */
const LABEL_HEIGHT = 1.35;

function starLabel(text: string): SpriteMaterial {
  const canvas = document.createElement('canvas');
  canvas.width = 192;
  canvas.height = 80;
  const g = canvas.getContext('2d')!;
  g.fillStyle = GOLD;
  g.beginPath();
  g.roundRect(4, 4, 184, 72, 18);
  g.fill();
  g.strokeStyle = '#1a1408';
  g.lineWidth = 4;
  g.stroke();
  g.fillStyle = '#1a1408';
  g.font = 'bold 50px system-ui, sans-serif';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(`★ ${text}`, 96, 43);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return new SpriteMaterial({ map: texture, depthTest: false, toneMapped: false });
}

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
  const label = useMemo(() => (move ? starLabel(move) : null), [move]);
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
