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
  const page = { animating: false, loading: false, moving: [] as string[], drawn: 0, requested: 0 };
  const scene: SceneFrames = { request: () => void page.requested++, drawn: () => page.drawn, moving: () => page.moving };
  const frames: (() => void)[] = [];
  const settling = createSettling({
    session,
    animating: () => page.animating,
    evaluation,
    strongest,
    exactValues,
    sceneLoading: () => page.loading,
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
    p.page.animating = true;
    p.setThinking(true);
    p.evaluation.setState({ waiting: true });
    p.strongest.setState({ status: 'thinking' });
    p.exactValues.setState({ status: 'solving' });
    p.page.moving = ['the camera is flying to a view'];
    expect(p.settling.unsettled()).toEqual([
      'the 3D view is loading',
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

  it('starts over when something changes while the last frame is drawn', async () => {
    const p = fakePage();
    const settled = p.settling.settled();
    p.frame();
    expect(p.page.requested).toBe(1);
    p.setThinking(true);
    p.setThinking(false); // a change, over before the next look: still not the picture that was asked for
    p.page.drawn++;
    p.frame();
    expect(await resolved(settled)).toBe(false);
    p.frame();
    expect(p.page.requested).toBe(2);
    p.page.drawn++;
    p.frame();
    expect(await resolved(settled)).toBe(true);
  });
});
