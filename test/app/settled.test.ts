import { describe, expect, it } from 'vitest';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createSettling, type SceneFrames } from '../../src/app/page/settled';
import type { EvaluationState } from '../../src/app/analysis/evaluation';
import type { ExactValuesState } from '../../src/app/analysis/exactValues';
import type { StrongestMoveState } from '../../src/app/analysis/strongestMove';
import type { SessionState } from '../../src/app/session/session';

/** A page's sources made by hand: each test sets what is going on and steps the frames itself. */
function fakePage() {
  let thinking = false;
  const session = createStore(() => ({ paused: false, computerPending: () => thinking })) as unknown as StoreApi<SessionState>;
  const evaluation = createStore(() => ({ waiting: false })) as unknown as StoreApi<EvaluationState>;
  const strongest = createStore(() => ({ status: 'idle' })) as unknown as StoreApi<StrongestMoveState>;
  const exactValues = createStore(() => ({ status: 'off' })) as unknown as StoreApi<ExactValuesState>;
  const page = { animating: false, loading: false, restoring: false, moving: [] as string[], drawn: 0, requested: 0 };
  const scene: SceneFrames = { request: () => void page.requested++, drawn: () => page.drawn, moving: () => page.moving };
  const frames: (() => void)[] = [];
  const settling = createSettling({
    session,
    animating: () => page.animating,
    evaluation,
    strongest,
    exactValues,
    sceneLoading: () => page.loading,
    sceneRestoring: () => page.restoring,
    scene: () => scene,
    watched: [],
    nextFrame: (callback) => void frames.push(callback),
  });
  /** Runs the animation frames queued so far (one frame of the page). */
  const frame = () => frames.splice(0).forEach((f) => f());
  const setThinking = (on: boolean) => {
    thinking = on;
    session.setState({});
  };
  return { page, session, evaluation, strongest, exactValues, settling, frame, setThinking };
}

/** Whether a promise has resolved (after pending microtasks). */
async function resolved(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('createSettling (window.rolit.settled)', () => {
  it('names what is still going on', () => {
    const p = fakePage();
    expect(p.settling.unsettled()).toEqual([]);
    p.page.loading = true;
    p.page.restoring = true;
    p.page.animating = true;
    p.setThinking(true);
    p.evaluation.setState({ waiting: true });
    p.strongest.setState({ status: 'thinking' });
    p.exactValues.setState({ status: 'solving' });
    p.page.moving = ['the camera is flying to a view'];
    expect(p.settling.unsettled()).toEqual([
      'the 3D view is loading',
      'the 3D view lost its WebGL context and is being restored',
      'the board is animating',
      'the computer is thinking',
      'the evaluation bar is waiting for its estimate',
      'the strongest move is being searched',
      'exact values are being solved',
      'the camera is flying to a view',
    ]);
  });

  it('does not count animations held still by an open dialog', () => {
    const p = fakePage();
    p.page.animating = true;
    p.session.setState({ paused: true });
    expect(p.settling.unsettled()).toEqual([]);
  });

  it('resolves only after a frame drawn once all is quiet', async () => {
    const p = fakePage();
    p.page.animating = true;
    const settled = p.settling.settled();
    p.frame();
    p.frame();
    expect(p.page.requested).toBe(0);
    p.page.animating = false;
    p.frame();
    expect(p.page.requested).toBe(1);
    p.frame();
    expect(await resolved(settled)).toBe(false); // the frame asked for is not drawn yet
    p.page.drawn++;
    p.frame();
    expect(await resolved(settled)).toBe(true);
  });

  it('asks for no frame when the canvas has drawn since the last change: settled one quiet animation frame later', async () => {
    const p = fakePage();
    p.setThinking(false); // a change...
    p.page.drawn++; // ...and a frame drawn after it
    const settled = p.settling.settled();
    expect(await resolved(settled)).toBe(false); // quiet now, but not yet a frame later
    p.frame();
    expect(await resolved(settled)).toBe(true);
    expect(p.page.requested).toBe(0);
  });

  it('starts over when something changes after the last frame drawn, and asks for a frame then', async () => {
    const p = fakePage();
    p.page.drawn++;
    const settled = p.settling.settled();
    expect(p.page.requested).toBe(0);
    p.setThinking(true);
    p.setThinking(false); // a change, over before the next look: the canvas has not drawn since
    p.frame();
    expect(await resolved(settled)).toBe(false);
    expect(p.page.requested).toBe(1);
    p.frame();
    expect(await resolved(settled)).toBe(false); // the frame asked for is not drawn yet
    p.page.drawn++;
    p.frame();
    expect(await resolved(settled)).toBe(true);
  });

  it('does not settle while something is going on, however many frames are drawn', async () => {
    const p = fakePage();
    p.page.moving = ['the camera is flying to a view'];
    const settled = p.settling.settled();
    for (let i = 0; i < 5; i++) {
      p.page.drawn++;
      p.frame();
    }
    expect(await resolved(settled)).toBe(false);
    p.page.moving = [];
    p.frame();
    expect(await resolved(settled)).toBe(false);
    p.frame();
    expect(await resolved(settled)).toBe(true);
  });
});
