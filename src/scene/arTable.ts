/**
 * The board on a real table: the canvas's own scene drawn in a WebXR immersive-ar session. The
 * whole scene is scaled to the physical game's size (METRES_PER_UNIT) and stood where a hit test
 * found a surface; the studio table gives way to the real one (a shadow catcher keeps the board's
 * and the balls' shadows on it), and the room's light estimate, where the browser gives one,
 * lights it. A tap (the session's select) on a socket asks the session as a click does: the scene
 * decides no rule. Ending the session puts every object, the camera and the lights back as they were.
 *
 * Each frame (the hit test while placing, the light estimate) reuses the scratch objects below: the
 * AR loop allocates nothing of its own.
 */
import type { RootState } from '@react-three/fiber';
import type { Color, DirectionalLight, HemisphereLight, Material, Mesh } from 'three';
import type { ArKit } from './arKit';

/** Placing: the reticle follows the surfaces found, a tap stands the board there. Placed: a tap on a socket plays it. */
export type ArPhase = 'placing' | 'placed';

/** What the overlay's buttons do with the board in the room. */
export interface ArTable {
  /** Lets the board follow the reticle again, until the next tap. */
  move(): void;
  /** Turns the board about its centre (radians, counter-clockwise from above). */
  turn(angle: number): void;
  leave(): Promise<void>;
}

/** A layer of its own for the reticle: while placing, the camera sees only it. */
const RETICLE_LAYER = 3;
/** The shadows the board and the balls cast on the real table: a dark veil of this opacity. */
const SHADOW_OPACITY = 0.35;
/** The camera's depth range in the room (metres): the board may be a hand's breadth from the phone. */
const NEAR = 0.02;
const FAR = 20;
/** A light probe's irradiance from its constant term alone (three's shGetIrradianceAt: 0.886227 L00). */
const AMBIENT_IRRADIANCE = 0.886227;

/** WebXR Lighting Estimation, which @types/webxr lacks. */
type XRLightProbe = EventTarget;
interface XRLightEstimate {
  sphericalHarmonicsCoefficients: Float32Array;
  primaryLightDirection: DOMPointReadOnly;
  primaryLightIntensity: DOMPointReadOnly;
}
type EstimatingSession = XRSession & { requestLightProbe(): Promise<XRLightProbe> };
type EstimatingFrame = XRFrame & { getLightEstimate(probe: XRLightProbe): XRLightEstimate | null };

const isDirectional = (o: object): o is DirectionalLight => (o as DirectionalLight).isDirectionalLight === true;
const isHemisphere = (o: object): o is HemisphereLight => (o as HemisphereLight).isHemisphereLight === true;

/**
 * Starts drawing the mounted canvas's scene in `session` (already granted, with hit-test); resolves once it
 * draws there, with the overlay's handle. `onPhase` hears each phase; `onEnd` is called once the
 * session has ended and the scene is back as it was.
 */
export async function startArTable(session: XRSession, kit: ArKit, onPhase: (phase: ArPhase) => void, onEnd: () => void): Promise<ArTable> {
  const { three, layout, useSession, useCamera } = kit;
  const { METRES_PER_UNIT } = layout;
  const root = kit.root?.();
  const table = root?.scene.getObjectByName(layout.TABLE_NAME) as Mesh | undefined;
  const key = root?.scene.children.find(isDirectional);
  const fill = root?.scene.children.find(isHemisphere);
  if (!root || !table || !key || !fill) {
    await session.end().catch(() => undefined);
    throw new Error('the 3D view is not ready');
  }
  const { gl, scene, camera, invalidate } = root;

  const saved = {
    background: scene.background,
    tableMaterial: table.material,
    cameraPosition: camera.position.clone(),
    cameraQuaternion: camera.quaternion.clone(),
    near: camera.near,
    far: camera.far,
    layers: camera.layers.mask,
    keyPosition: key.position.clone(),
    keyColor: key.color.clone(),
    keyIntensity: key.intensity,
    fillColor: fill.color.clone(),
    fillGround: fill.groundColor.clone(),
    fillIntensity: fill.intensity,
    normalBias: key.shadow.normalBias,
    shadowBox: [key.shadow.camera.left, key.shadow.camera.right, key.shadow.camera.top, key.shadow.camera.bottom, key.shadow.camera.near, key.shadow.camera.far] as const,
  };
  const shadowCatcher = new three.ShadowMaterial({ opacity: SHADOW_OPACITY });
  const reticle = new three.Mesh(new three.TorusGeometry(0.05, 0.004, 6, 40).rotateX(Math.PI / 2), new three.MeshBasicMaterial({ color: '#ffffff' }));
  reticle.matrixAutoUpdate = false;
  reticle.visible = false;
  reticle.layers.set(RETICLE_LAYER);

  // Scratch objects of the frame loop and the taps.
  const hit = new three.Matrix4();
  const sceneInverse = new three.Matrix4();
  const surface = new three.Vector3();
  const ray = new three.Ray();
  const onGrid = new three.Vector3();
  const turnInverse = new three.Quaternion();
  const orientation = new three.Quaternion();
  const lightDirection = new three.Vector3();
  const keyDistance = saved.keyPosition.length();
  const up = new three.Vector3(0, 1, 0);
  let yaw = 0;
  let phase: ArPhase = 'placing';

  const { space, hitSource, roomProbe } = await drawIn(session, root).catch(async (error: unknown) => {
    await session.end().catch(() => undefined);
    throw error;
  });

  scene.background = null;
  table.material = shadowCatcher;
  camera.near = NEAR;
  camera.far = FAR;
  scene.add(reticle);
  // The shadow camera's box and offsets are in the room's units now: the board's size in metres.
  const box = key.shadow.camera;
  [box.left, box.right, box.top, box.bottom, box.near, box.far] = saved.shadowBox.map((v) => v * METRES_PER_UNIT);
  box.updateProjectionMatrix();
  key.shadow.normalBias = saved.normalBias * METRES_PER_UNIT;

  const setPhase = (next: ArPhase) => {
    phase = next;
    camera.layers.mask = next === 'placing' ? 1 << RETICLE_LAYER : saved.layers;
    if (next === 'placed') reticle.visible = false;
    onPhase(next);
  };
  setPhase('placing');

  /** Stands the board at `surface`, turned by `yaw`. */
  const standBoard = () => {
    scene.position.copy(surface);
    scene.quaternion.setFromAxisAngle(up, yaw);
    scene.scale.setScalar(METRES_PER_UNIT);
    scene.updateMatrixWorld();
    sceneInverse.copy(scene.matrixWorld).invert();
    turnInverse.copy(scene.quaternion).invert();
    // The key light looks at the board's centre (its target is not in the scene: placed by hand).
    key.target.position.copy(surface);
    key.target.updateMatrixWorld();
  };

  const aim = (frame: XRFrame) => {
    const results = frame.getHitTestResults(hitSource);
    const pose = results.length > 0 ? results[0].getPose(space) : undefined;
    reticle.visible = pose !== undefined;
    if (!pose) return;
    hit.fromArray(pose.transform.matrix);
    surface.setFromMatrixPosition(hit);
    reticle.matrix.multiplyMatrices(sceneInverse, hit);
  };

  const light = (frame: XRFrame) => {
    const estimate = roomProbe && (frame as EstimatingFrame).getLightEstimate(roomProbe);
    if (!estimate) return;
    // The room's ambient light (the estimate's constant spherical harmonic, as irradiance) fills from all around.
    const sh = estimate.sphericalHarmonicsCoefficients;
    const ambient = Math.max(1e-4, sh[0], sh[1], sh[2]);
    fill.color.setRGB(sh[0] / ambient, sh[1] / ambient, sh[2] / ambient);
    fill.groundColor.copy(fill.color);
    fill.intensity = AMBIENT_IRRADIANCE * ambient;
    // The key light comes from the room's brightest direction, its colour and strength (as three's XREstimatedLight).
    const { x, y, z } = estimate.primaryLightDirection;
    key.position.copy(lightDirection.set(x, y, z).applyQuaternion(turnInverse).multiplyScalar(keyDistance));
    const { x: r, y: g, z: b } = estimate.primaryLightIntensity;
    const strength = Math.max(1, r, g, b);
    (key.color as Color).setRGB(r / strength, g / strength, b / strength);
    key.intensity = strength;
  };

  const frameEffect = () => {
    const frame = gl.xr.getFrame();
    if (!frame) return;
    if (phase === 'placing') aim(frame);
    light(frame);
  };
  const removeEffect = kit.addEffect(frameEffect);

  const onSelect = (event: XRInputSourceEvent) => {
    if (phase === 'placing') {
      const viewer = event.frame.getViewerPose(space);
      if (!reticle.visible || !viewer) return;
      // The side of the chosen view's seat faces the viewer (the red side from the top view).
      const { x, z } = viewer.transform.position;
      const facing = layout.SIDE_BUTTONS.find((b) => b.colour === useCamera.getState().preset)?.facing ?? 0;
      yaw = Math.atan2(x - surface.x, z - surface.z) - facing;
      standBoard();
      return setPhase('placed');
    }
    const pose = event.frame.getPose(event.inputSource.targetRaySpace, space);
    if (!pose) return;
    const { position: p, orientation: o } = pose.transform;
    ray.origin.set(p.x, p.y, p.z);
    ray.direction.set(0, 0, -1).applyQuaternion(orientation.set(o.x, o.y, o.z, o.w));
    ray.applyMatrix4(sceneInverse);
    const point = kit.gridPoint(ray, onGrid);
    const { snapshot, clickSquare } = useSession.getState();
    const square = point && kit.squareAt(point, snapshot.setup.size);
    if (square) clickSquare(square);
  };
  // A squeeze (a controller's grip) picks the board up again.
  const onSqueeze = () => setPhase('placing');

  const restore = () => {
    removeEffect();
    session.removeEventListener('select', onSelect);
    session.removeEventListener('squeeze', onSqueeze);
    scene.position.set(0, 0, 0);
    scene.quaternion.identity();
    scene.scale.setScalar(1);
    scene.updateMatrixWorld();
    scene.background = saved.background;
    scene.remove(reticle);
    reticle.geometry.dispose();
    (reticle.material as Material).dispose();
    table.material = saved.tableMaterial;
    shadowCatcher.dispose();
    fill.color.copy(saved.fillColor);
    fill.groundColor.copy(saved.fillGround);
    fill.intensity = saved.fillIntensity;
    [box.left, box.right, box.top, box.bottom, box.near, box.far] = saved.shadowBox;
    box.updateProjectionMatrix();
    key.shadow.normalBias = saved.normalBias;
    key.position.copy(saved.keyPosition);
    key.color.copy(saved.keyColor);
    key.intensity = saved.keyIntensity;
    key.target.position.set(0, 0, 0);
    key.target.updateMatrixWorld();
    camera.position.copy(saved.cameraPosition);
    camera.quaternion.copy(saved.cameraQuaternion);
    camera.scale.setScalar(1);
    camera.near = saved.near;
    camera.far = saved.far;
    camera.layers.mask = saved.layers;
    camera.updateProjectionMatrix();
    camera.updateMatrixWorld();
    invalidate();
    onEnd();
  };

  session.addEventListener('select', onSelect);
  session.addEventListener('squeeze', onSqueeze);
  session.addEventListener('end', restore, { once: true });

  return {
    move: () => setPhase('placing'),
    turn: (angle) => {
      yaw += angle;
      if (phase === 'placed') standBoard();
    },
    leave: () => session.end(),
  };
}

/** The renderer draws in the session: its reference space, the hit test from the viewer, the room's light probe where offered. */
async function drawIn(session: XRSession, { gl }: RootState): Promise<{ space: XRReferenceSpace; hitSource: XRHitTestSource; roomProbe: XRLightProbe | null }> {
  gl.xr.setReferenceSpaceType('local');
  await gl.xr.setSession(session);
  const space = gl.xr.getReferenceSpace();
  const hitSource = await session.requestHitTestSource?.({ space: await session.requestReferenceSpace('viewer') });
  if (!space || !hitSource) throw new Error('the browser gave no hit test');
  // Its ambient part replaces the studio's fill light, its brightest direction leads the key light.
  const roomProbe = session.enabledFeatures?.includes('light-estimation') ? await (session as EstimatingSession).requestLightProbe().catch(() => null) : null;
  return { space, hitSource, roomProbe };
}
