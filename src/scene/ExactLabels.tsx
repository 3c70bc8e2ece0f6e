/**
 * The exact solver's values written above the legal sockets ("+4", "-2": the mover's final ball
 * difference after that move): one sprite per socket, facing the camera, its text drawn on a
 * canvas texture (no font files to load). Shown only while the values belong to the position
 * on the board.
 */
import { useLayoutEffect, useMemo } from 'react';
import type { SpriteMaterial } from 'three';
import { signedValue, socketValues, useExactValues } from '../app/analysis/exactValues';
import { useSession } from '../app/page/pageSession';
import { parseSquare } from '../engine/geometry';
import { labelMaterial, type LabelStyle } from './labelMaterial';
import { BOARD_TOP, PITCH, socketX, socketZ } from './layout';

const LABEL_HEIGHT = 0.55;

/** Light text on a dark plate, readable on every ball colour. */
const EXACT_LABEL: LabelStyle = { width: 128, plate: 'rgba(12, 14, 20, 0.86)', edge: 'rgba(255, 255, 255, 0.85)', ink: '#ffffff' };

export function ExactLabels() {
  const values = useExactValues((s) => s.values);
  const misere = useExactValues((s) => s.misere);
  const solvedEvents = useExactValues((s) => s.events);
  const events = useSession((s) => s.snapshot.events);
  const size = useSession((s) => s.snapshot.setup.size);
  const materials = useMemo(() => new Map<string, SpriteMaterial>(), []);
  useLayoutEffect(
    () => () => {
      for (const m of materials.values()) {
        m.map?.dispose();
        m.dispose();
      }
    },
    [materials],
  );
  if (solvedEvents !== events) return null;
  const material = (text: string) => {
    let m = materials.get(text);
    if (!m) materials.set(text, (m = labelMaterial(text, EXACT_LABEL)));
    return m;
  };
  return (
    <>
      {[...socketValues(values, misere)].map(([square, value]) => {
        const index = parseSquare(size, square);
        return <sprite key={square} material={material(signedValue(value))} position={[socketX(index), BOARD_TOP + LABEL_HEIGHT, socketZ(index)]} scale={[PITCH * 0.92, PITCH * 0.58, 1]} renderOrder={10} />;
      })}
    </>
  );
}
