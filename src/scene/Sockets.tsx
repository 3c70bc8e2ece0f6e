/**
 * What the player does with the sockets: an invisible surface over the grid finds the socket
 * under the pointer (square math, no per-socket objects); the session computes the preview.
 * A legal hovered socket shows a ghost ball of the mover's colour (the balls that would roll glow:
 * Balls.tsx); socket dots mark every legal socket. Only human turns have previews and legal squares.
 * On a touch screen there is no hover: the first tap on a socket shows its preview, a second tap
 * on the same socket plays it (no mis-taps).
 */
import type { ThreeEvent } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { type InstancedMesh, type Intersection, Matrix4, MeshStandardMaterial, type Object3D, Plane, type Ray, type Raycaster, Vector3 } from 'three';
import { useSession } from '../app/page/pageSession';
import type { Colour } from '../engine/colours';
import { type BoardSize, isPlayable, parseSquare, squareName } from '../engine/geometry';
import { createBallGeometry } from './ballGeometry';
import { BALL_REST_Y, BOARD_TOP, PAINT, PITCH, SOCKET_DEPTH, socketAt, socketX, socketZ } from './layout';

/** Pointer travel (pixels) above which a press is a camera drag, not a click. */
const CLICK_SLOP = 6;

const GRID_HALF = 4 * PITCH;
const GRID_PLANE = new Plane(new Vector3(0, 1, 0), -(BOARD_TOP + 0.02));

/**
 * The pointer's hit on the square over the sockets, just above the board's top. A raycast of its
 * own, not an invisible mesh: nothing to draw, so no shader program to compile for it.
 */
function raycastGrid(this: Object3D, raycaster: Raycaster, hits: Intersection[]): void {
  const point = gridPoint(raycaster.ray, new Vector3());
  if (point) hits.push({ distance: raycaster.ray.origin.distanceTo(point), point, object: this });
}

/** Where a ray (in the board's units) meets the square over the sockets, into `target`; null where it misses. */
export function gridPoint(ray: Ray, target: Vector3): Vector3 | null {
  const point = ray.intersectPlane(GRID_PLANE, target);
  return point && Math.abs(point.x) <= GRID_HALF && Math.abs(point.z) <= GRID_HALF ? point : null;
}

/** The playable socket under a point of the board on a board of `size`, or null. */
export function squareAt(point: Vector3, size: BoardSize): string | null {
  const index = socketAt(point.x, point.z);
  return index >= 0 && isPlayable(size, index) ? squareName(size, index) : null;
}

export function SocketPicker() {
  const last = useRef<string | null>(null);
  const touch = useRef(false);
  /** The socket a first tap previews, waiting for the confirming tap. */
  const tapped = useRef<string | null>(null);
  const size = useSession((s) => s.snapshot.setup.size);
  const hoverSquare = useSession((s) => s.hoverSquare);
  const clickSquare = useSession((s) => s.clickSquare);
  const legal = useSession((s) => s.preview?.legal ?? false);

  const squareOf = (e: ThreeEvent<PointerEvent | MouseEvent>): string | null => squareAt(e.point, size);
  const hover = (square: string | null, tap = false) => {
    if (square === last.current && !tap) return;
    last.current = square;
    hoverSquare(square, tap);
  };

  useLayoutEffect(() => {
    document.body.style.cursor = legal ? 'pointer' : '';
    return () => {
      document.body.style.cursor = '';
    };
  }, [legal]);

  return (
    <group
      raycast={raycastGrid}
      onPointerDown={(e) => (touch.current = e.pointerType === 'touch')}
      onPointerMove={(e) => !touch.current && hover(squareOf(e))}
      onPointerOut={() => !touch.current && hover(null)}
      onClick={(e) => {
        if (e.delta > CLICK_SLOP) return;
        const square = squareOf(e);
        if (!square) return;
        if (touch.current && tapped.current !== square) {
          tapped.current = square;
          return hover(square, true);
        }
        tapped.current = null;
        clickSquare(square);
      }}
    />
  );
}

/** A translucent ball of the mover's colour in the hovered legal socket (and a Pro double's first). */
export function GhostBalls() {
  const preview = useSession((s) => s.preview);
  const pending = useSession((s) => s.pendingDouble);
  const toMove = useSession((s) => s.snapshot.toMove);
  const size = useSession((s) => s.snapshot.setup.size);
  const geometry = useMemo(() => createBallGeometry(4), []);
  const materials = useMemo(() => new Map<Colour, MeshStandardMaterial>(), []);
  useLayoutEffect(() => () => {
    geometry.dispose();
    for (const m of materials.values()) m.dispose();
  }, [geometry, materials]);
  if (!toMove) return null;
  let material = materials.get(toMove);
  if (!material) {
    material = new MeshStandardMaterial({ color: PAINT[toMove], emissive: PAINT[toMove], emissiveIntensity: 0.45, transparent: true, opacity: 0.6, roughness: 0.3, depthWrite: false });
    materials.set(toMove, material);
  }
  const squares = [preview?.legal ? preview.square : null, pending].filter((s): s is string => !!s && parseSquare(size, s) >= 0);
  return (
    <>
      {[...new Set(squares)].map((square) => {
        const index = parseSquare(size, square);
        return <mesh key={square} geometry={geometry} material={material} position={[socketX(index), BALL_REST_Y + 0.05, socketZ(index)]} />;
      })}
    </>
  );
}

/** Small glowing dots in the sockets the mover may play, when the socket dots are on. */
export function SocketDots() {
  const on = useSession((s) => s.settings.socketDots);
  const squares = useSession((s) => s.legalSquares);
  const toMove = useSession((s) => s.snapshot.toMove);
  const size = useSession((s) => s.snapshot.setup.size);
  const mesh = useRef<InstancedMesh>(null);
  const shown = on && toMove ? squares : [];
  useLayoutEffect(() => {
    const im = mesh.current;
    if (!im) return;
    const m = new Matrix4();
    shown.forEach((square, i) => {
      const index = parseSquare(size, square);
      im.setMatrixAt(i, m.makeTranslation(socketX(index), BOARD_TOP - SOCKET_DEPTH + 0.03, socketZ(index)));
    });
    im.count = shown.length;
    im.instanceMatrix.needsUpdate = true;
  }, [shown, size]);
  return (
    <instancedMesh ref={mesh} args={[undefined, undefined, 64]} visible={shown.length > 0} frustumCulled={false}>
      <cylinderGeometry args={[0.16, 0.16, 0.02, 24]} />
      {/* Transparent (though opaque), as the last-move rings: one shader program for both. */}
      <meshBasicMaterial color={toMove ? PAINT[toMove] : '#ffffff'} toneMapped={false} transparent />
    </instancedMesh>
  );
}
