/**
 * The three.js classes the scene writes as JSX elements (<mesh>, <group>, <fog>…). react-three-fiber's
 * <Canvas> registers every export of the module it imports as `three` as an element; the build gives
 * it this module instead of three (vite.config.ts, canvasElements), so the rest of three.js that the
 * scene never uses is tree-shaken out of the first download. A new element goes here:
 * test/scene/threeElements.test.ts fails while one is missing.
 */
export {
  CircleGeometry,
  Color,
  CylinderGeometry,
  DirectionalLight,
  Fog,
  Group,
  HemisphereLight,
  InstancedMesh,
  Mesh,
  MeshBasicMaterial,
  MeshLambertMaterial,
  MeshStandardMaterial,
  PlaneGeometry,
  Sprite,
  TorusGeometry,
} from 'three';
