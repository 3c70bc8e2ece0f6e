/**
 * The 64 balls and the thrown start ball: one InstancedMesh (one draw call, plus one in the
 * shadow pass); instance 64 is the thrown ball (throwBallPose.ts). Every frame the director plays,
 * BallPoser puts each ball where the director's visual state says.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { type BufferGeometry, InstancedBufferAttribute, type InstancedMesh, Matrix4, Quaternion, Vector3 } from 'three';
import { useSession } from '../app/page/pageSession';
import { parseSquare } from '../engine/geometry';
import { BALL_DETAIL, createBallGeometry } from './ballGeometry';
import { builtAhead } from './builtAhead';
import { type BallSymbols, createBallMaterial } from './ballMaterial';
import { reducedMotionOn, symbolsOn, useAccess } from '../app/setup/accessPrefs';
import { BallPoser } from './ballPoses';
import { drawnThrow, throwBallPose } from './throwBallPose';
import { onThrowFailed, prepareThrow, throwPlayable } from './throwRecordings';
import { throwTexts } from '../app/session/shownRound';
import { trackLoad } from './loadProgress';
import { pageDirector } from '../director/store';
import { currentView } from './view';
import { BALL_COUNT } from '../director/steps';

/** Instance index of the thrown ball. */
const THROWN = BALL_COUNT;
const UNIT = new Vector3(1, 1, 1);

/** The balls' shared geometry, with each ball's highlight (the last move's, the legal moves' rolls). */
export function ballsGeometry(): BufferGeometry {
  const g = createBallGeometry(BALL_DETAIL);
  g.setAttribute('highlight', new InstancedBufferAttribute(new Float32Array(BALL_COUNT + 1), 1));
  return g;
}

export function Balls() {
  const mesh = useRef<InstancedMesh>(null);
  const geometry = useMemo(() => builtAhead(ballsGeometry), []);
  const symbols = useMemo<BallSymbols>(() => ({ value: 0 }), []);
  const material = useMemo(() => createBallMaterial({ highlight: true, symbols }), [symbols]);
  const symbolsShown = useAccess(symbolsOn);
  const reducedMotion = useAccess(reducedMotionOn);
  const poser = useMemo(() => new BallPoser(), []);
  const rolls = useSession((s) => s.preview?.rolls);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => invalidate(), [rolls, invalidate]);
  useEffect(() => {
    symbols.value = symbolsShown ? 1 : 0;
    invalidate();
  }, [symbols, symbolsShown, invalidate]);
  // The throw the board is about to show is fetched while the shaders compile, not at its first frame.
  useEffect(() => {
    const { director } = pageDirector();
    void trackLoad('physics', prepareThrow(director.sample(director.end).throwBall, reducedMotionOn(useAccess.getState()), invalidate));
  }, [invalidate]);
  // A throw waits at its start until its recording is there, so its flight is shown from the
  // first moment rather than joined part way.
  useEffect(() => {
    const { director } = pageDirector();
    director.setGate((step) => step.kind !== 'throw' || !step.after.throwBall || reducedMotionOn(useAccess.getState()) || throwPlayable(step.after.throwBall.seed, invalidate));
    return () => director.setGate(null);
  }, [invalidate]);
  // A throw whose file could not be fetched (or did not come in time) is shown at rest: the page says so.
  useEffect(() => onThrowFailed(() => useSession.getState().showNotice(() => throwTexts.throwMissing)), []);
  // Reused every frame: the frame loop allocates nothing.
  const scratch = useMemo(() => ({ m: new Matrix4(), p: new Vector3(), q: new Quaternion(), highlight: new Set<number>() }), []);

  useLayoutEffect(() => () => {
    geometry.dispose();
    material.dispose();
  }, [geometry, material]);

  useFrame(() => {
    const im = mesh.current;
    if (!im) return;
    const view = currentView();
    const { m, p, q, highlight } = scratch;
    highlight.clear();
    for (const name of rolls ?? []) highlight.add(parseSquare(view.size, name));
    poser.update(view, highlight);
    const glow = geometry.getAttribute('highlight') as InstancedBufferAttribute;
    for (let ball = 0; ball < BALL_COUNT; ball++) {
      im.setMatrixAt(ball, poser.matrix(ball, m));
      glow.setX(ball, poser.highlighted[ball] ? 1 : 0);
    }
    drawnThrow.shown = throwBallPose(view.throwBall, invalidate, p, q, reducedMotion);
    if (drawnThrow.shown) {
      m.compose(p, q, UNIT);
      drawnThrow.position.copy(p);
      drawnThrow.quaternion.copy(q);
      drawnThrow.progress = reducedMotion ? 1 : view.throwBall!.progress;
    } else m.makeScale(0, 0, 0);
    im.setMatrixAt(THROWN, m);
    im.instanceMatrix.needsUpdate = true;
    glow.needsUpdate = true;
  });

  return <instancedMesh ref={mesh} args={[geometry, material, BALL_COUNT + 1]} castShadow receiveShadow frustumCulled={false} />;
}
