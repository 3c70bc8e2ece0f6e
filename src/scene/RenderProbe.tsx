/** Inside the Canvas: records the renderer's counters after every frame, and projects sockets. */
import { addAfterEffect, useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { Vector3 } from 'three';
import { parseSquare } from '../engine/geometry';
import { BALL_REST_Y, socketX, socketZ } from './layout';
import { probe } from './renderInfo';
import { currentView } from './view';

export function RenderProbe() {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera);
  useEffect(() => {
    gl.info.autoReset = true;
    const off = addAfterEffect(() => {
      probe.info.calls = gl.info.render.calls;
      probe.info.triangles = gl.info.render.triangles;
      probe.info.frames++;
    });
    probe.project = (square) => {
      const index = parseSquare(currentView().size, square);
      if (index < 0) return null;
      const v = new Vector3(socketX(index), BALL_REST_Y, socketZ(index)).project(camera);
      const rect = gl.domElement.getBoundingClientRect();
      return { x: rect.left + ((v.x + 1) / 2) * rect.width, y: rect.top + ((1 - v.y) / 2) * rect.height };
    };
    return () => {
      off();
      probe.project = null;
    };
  }, [gl, camera]);
  return null;
}
