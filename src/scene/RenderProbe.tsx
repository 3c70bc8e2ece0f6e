/**
 * Inside the Canvas: records the renderer's counters after every frame, tells what the canvas is
 * still to draw (window.rolit.settled waits for it), and projects sockets, the side buttons, the supply and the thrown ball.
 */
import { addAfterEffect, useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { Vector3 } from 'three';
import { parseSquare } from '../engine/geometry';
import { COLOURS } from '../engine/colours';
import { BALL_COUNT } from '../director/steps';
import { colourOnTop } from './ballGeometry';
import { BALL_RADIUS, BALL_REST_Y, SIDE_BUTTON, SIDE_BUTTONS, socketX, socketZ, SUPPLY_WALL_HEIGHT, supplyFootprint, supplySlotPosition } from './layout';
import { reducedMotionOn, useAccess } from '../app/setup/accessPrefs';
import { cinematicOn } from './cinematicCamera';
import { drawnThrow } from './throwBallPose';
import { fetchingThrow } from './throwRecordings';
import { probe, type ScreenBox } from './renderInfo';
import { arKit } from './arKit';
import { currentView } from './view';

export function RenderProbe() {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera);
  const get = useThree((s) => s.get);
  useEffect(() => {
    // The cinematic camera glides on for as long as it is on (reduced motion: it only cuts).
    const gliding = () => cinematicOn() && !reducedMotionOn(useAccess.getState()) && !probe.flying?.();
    probe.drawing = {
      request: () => get().invalidate(),
      drawn: () => probe.info.frames,
      moving: () => {
        const reasons: string[] = [];
        if (probe.flying?.()) reasons.push('the camera is flying to a view');
        if (fetchingThrow()) reasons.push('the start throw is being fetched');
        // R3F counts the frames asked for: 0 once the last one is drawn and nothing asked for another.
        if (get().internal.frames > 0 && !gliding()) reasons.push('the 3D view has a frame to draw');
        return reasons;
      },
    };
    arKit.root = get;
    return () => {
      probe.drawing = null;
      arKit.root = null;
    };
  }, [get]);
  useEffect(() => {
    gl.info.autoReset = true;
    const off = addAfterEffect(() => {
      probe.info.calls = gl.info.render.calls;
      probe.info.triangles = gl.info.render.triangles;
      probe.info.programs = gl.info.programs?.length ?? 0;
      probe.info.frames++;
    });
    const toPage = (x: number, y: number, z: number) => {
      const v = new Vector3(x, y, z).project(camera);
      const rect = gl.domElement.getBoundingClientRect();
      return { x: rect.left + ((v.x + 1) / 2) * rect.width, y: rect.top + ((1 - v.y) / 2) * rect.height };
    };
    probe.project = (square, size, height = BALL_REST_Y) => {
      const index = parseSquare(size ?? currentView().size, square);
      return index < 0 ? null : toPage(socketX(index), height, socketZ(index));
    };
    probe.supplyBox = () => {
      const { centre, half } = supplyFootprint();
      // The box's top corners and its corners on the table, and the top of each ball of the full
      // box as the camera sees it (one radius from its centre up the view): the top layer stands out.
      const corners = [-1, 1].flatMap((sx) => [-1, 1].flatMap((sz) => [0, SUPPLY_WALL_HEIGHT].map((y) => toPage(centre[0] + sx * half[0], y, centre[1] + sz * half[1]))));
      const up = new Vector3().setFromMatrixColumn(camera.matrixWorld, 1).multiplyScalar(BALL_RADIUS);
      for (let slot = 0; slot < BALL_COUNT; slot++) {
        const [x, y, z] = supplySlotPosition(slot);
        corners.push(toPage(x + up.x, y + up.y, z + up.z));
      }
      return boxAround(corners);
    };
    probe.sideButtonBox = (colour) => {
      const [x, y, z] = SIDE_BUTTONS.find((b) => b.colour === colour)!.position;
      // The pad's square around its foot, from the board's top to a little above the pad's top when lit.
      const r = SIDE_BUTTON.footRadius;
      return boxAround([-1, 1].flatMap((sx) => [-1, 1].flatMap((sz) => [y, y + SIDE_BUTTON.lift + SIDE_BUTTON.height].map((h) => toPage(x + sx * r, h, z + sz * r)))));
    };
    probe.thrownBall = () => {
      if (!drawnThrow.shown) return null;
      const { x, y, z } = drawnThrow.position;
      const at = toPage(x, y, z);
      // A point of its outline: one radius from its centre across the view (the camera's right).
      const right = new Vector3().setFromMatrixColumn(camera.matrixWorld, 0).multiplyScalar(BALL_RADIUS);
      const edge = toPage(x + right.x, y + right.y, z + right.z);
      return { top: COLOURS[colourOnTop(drawnThrow.quaternion)], ...at, radius: Math.hypot(edge.x - at.x, edge.y - at.y), centre: [x, y, z], progress: drawnThrow.progress };
    };
    return () => {
      off();
      probe.project = null;
      probe.supplyBox = null;
      probe.sideButtonBox = null;
      probe.thrownBall = null;
    };
  }, [gl, camera]);
  return null;
}

/** The page box around points on the page. */
function boxAround(points: readonly { x: number; y: number }[]): ScreenBox {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}
