/**
 * The 3D scene. Mount <RolitScene /> (it fills its parent; lazy-load this module so three.js is
 * not in the first bundle). Camera presets and read-outs for the HUD, window.rolit and tests are
 * in small modules that do not pull in three: import them directly (./cameraStore, ./renderInfo).
 */
export { RolitScene, RolitScene as default } from './RolitScene';
export { useCamera, createCameraStore, CAMERA_PRESETS, type CameraPreset, type CameraStore } from './cameraStore';
export { renderInfo, socketScreenPosition, type RendererCounters } from './renderInfo';
