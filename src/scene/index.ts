/**
 * The 3D scene. Mount <RolitScene /> (it fills its parent; lazy-load this module so three.js is
 * not in the first bundle). Camera presets and read-outs for the HUD, window.rolit and tests are
 * in small modules that do not pull in three: import them directly (./cameraStore, ./renderInfo).
 */
import { ballsGeometry } from './Balls';
import { BOARD_GEOMETRY_STEPS } from './Board';
import { buildAhead } from './builtAhead';
import { WOOD_STEPS } from './Table';

export { RolitScene, RolitScene as default } from './RolitScene';

/**
 * Builds the scene's heaviest pieces ahead, a task each (builtAhead.ts): before RolitScene mounts.
 * The table's wood is drawn on a canvas kept on the CPU (Table.tsx): a canvas the GPU process drew
 * held the WebGL context's start for seconds under software rendering.
 */
export const buildSceneAhead = (): Promise<void> => buildAhead([...BOARD_GEOMETRY_STEPS, ballsGeometry, ...WOOD_STEPS]);
export { useCamera, createCameraStore, CAMERA_PRESETS, type CameraPreset, type CameraStore } from './cameraStore';
export { renderInfo, socketScreenPosition, type RendererCounters } from './renderInfo';
export { arKit, type ArKit } from './arKit';
