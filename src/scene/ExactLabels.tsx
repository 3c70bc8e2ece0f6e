/**
 * The exact solver's values written above the legal sockets: two players, "+4", "-2" (the
 * mover's final ball difference after that move); three and four players, "1st 18", "=2nd 14"
 * (the mover's place, shared with "=", and final balls under max^n play after it): one sprite per socket, facing the camera, its text drawn on a
 * canvas texture (no font files to load). Shown only while the values belong to the position
 * on the board.
 */
import { useLayoutEffect, useMemo } from 'react';
import type { SpriteMaterial } from 'three';
import { analysisTexts } from '../app/analysis/analysisTexts';
import { signedValue, socketOutcomes, socketValues, useExactValues } from '../app/analysis/exactValues';
import { useSession } from '../app/page/pageSession';
import { parseSquare } from '../engine/geometry';
import { labelMaterial, type LabelStyle } from './labelMaterial';
import { BOARD_TOP, PITCH, socketX, socketZ } from './layout';

const LABEL_HEIGHT = 0.55;

/** Light text on a dark plate, readable on every ball colour. */
const EXACT_LABEL: LabelStyle = { width: 128, plate: 'rgba(12, 14, 20, 0.86)', edge: 'rgba(255, 255, 255, 0.85)', ink: '#ffffff' };

/** A label's plate and its size on the board. */
interface Label {
  style: LabelStyle;
  scale: [number, number, number];
}
const VALUE: Label = { style: EXACT_LABEL, scale: [PITCH * 0.92, PITCH * 0.58, 1] };
/** Place and balls ("=2nd 14") need a longer plate: as wide as the socket pitch, so neighbours do not overlap. */
const OUTCOME: Label = { style: { ...EXACT_LABEL, width: 160 }, scale: [PITCH, PITCH * 0.5, 1] };

export function ExactLabels() {
  const values = useExactValues((s) => s.values);
  const outcomes = useExactValues((s) => s.outcomes);
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
  const material = (text: string, style: LabelStyle) => {
    let m = materials.get(text);
    if (!m) materials.set(text, (m = labelMaterial(text, style)));
    return m;
  };
  // One of the two is empty: ball differences for two players, outcomes for three and four.
  const labels = [
    ...[...socketValues(values, misere)].map(([square, value]) => [square, signedValue(value), VALUE] as const),
    ...[...socketOutcomes(outcomes)].map(([square, outcome]) => [square, analysisTexts.outcomeShort(outcome), OUTCOME] as const),
  ];
  return (
    <>
      {labels.map(([square, text, label]) => {
        const index = parseSquare(size, square);
        return <sprite key={square} material={material(text, label.style)} position={[socketX(index), BOARD_TOP + LABEL_HEIGHT, socketZ(index)]} scale={label.scale} renderOrder={10} />;
      })}
    </>
  );
}
