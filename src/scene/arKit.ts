/**
 * What augmented reality's later chunk (arTable.ts, with the overlay of ui/ar/ArView.tsx) works
 * with, handed to it from the scene's chunk rather than imported: the bundler puts a module that
 * two lazily loaded chunks import into a chunk of its own, and those splits of the scene's and the
 * page's chunks cost more of the first download than AR itself.
 */
import { addEffect, type RootState } from '@react-three/fiber';
import { Matrix4, Mesh, MeshBasicMaterial, Quaternion, Ray, ShadowMaterial, TorusGeometry, Vector3 } from 'three';
import { useSession } from '../app/page/pageSession';
import { useCamera } from './cameraStore';
import { METRES_PER_UNIT, SIDE_BUTTONS } from './layout';
import { gridPoint, squareAt } from './Sockets';
import { TABLE_NAME } from './Table';

export const arKit = {
  /** The mounted canvas's react-three-fiber state (renderer, scene, camera), set by RenderProbe. */
  root: null as null | (() => RootState),
  three: { Matrix4, Mesh, MeshBasicMaterial, Quaternion, Ray, ShadowMaterial, TorusGeometry, Vector3 },
  addEffect,
  useSession,
  useCamera,
  layout: { METRES_PER_UNIT, SIDE_BUTTONS, TABLE_NAME },
  gridPoint,
  squareAt,
};
export type ArKit = typeof arKit;
