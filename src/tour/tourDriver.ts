/**
 * The tour on the page: each step's round is put on the board through the session (a record
 * opened in replay: the engine plays it, the director shows it, nothing is kept or added to the
 * history), the camera flies to what the step explains, and the session's click guard lets
 * through only the step's example move. Illegal clicks still go to the engine, which refuses
 * them with its reason; the tour only says when a legal move is not the one the step asks for.
 */
import type { StoreApi, UseBoundStore } from 'zustand';
import type { StoreApi as VanillaStore } from 'zustand/vanilla';
import type { PlayedMove } from '../engine/index';
import type { Replay } from '../app/replay/replay';
import type { SessionState } from '../app/session/session';
import { clickableSquares } from '../app/session/input';
import type { CameraStore } from '../scene/cameraStore';
import { tourRecord } from './positions';
import { TOUR_STEPS, type TourStep } from './steps';
import { tourTexts } from './texts';
import type { TourState } from './tourStore';

const sameMove = (a: readonly string[], b: readonly string[]) => [...a].sort().join('+') === [...b].sort().join('+');

/** Whether the step's example has been played: the first move after the step's round. */
export function exampleMade(step: TourStep, moves: readonly PlayedMove[], before: number): boolean {
  const played = moves[before];
  return !!step.move && !!played && (step.move === 'any' || sameMove(played.squares, step.move.split('+')));
}

/**
 * Why the tour does not take a click on `square`, or null to let the engine decide. Only a legal
 * click that is not on the way to the example is the tour's to refuse.
 */
export function tourRefusal(step: TourStep, square: string, legalMoves: readonly string[], pendingDouble: string | null, made: boolean): string | null {
  if (!step.move || made) return tourTexts.nothingToPlay;
  if (step.move === 'any') return null;
  const wanted = step.move.split('+');
  const towards = pendingDouble ? pendingDouble !== square && sameMove([pendingDouble, square], wanted) : wanted.includes(square);
  if (towards) return null;
  const legal = pendingDouble
    ? legalMoves.some((m) => sameMove(m.split('+'), square === pendingDouble ? [square] : [pendingDouble, square]))
    : clickableSquares(legalMoves).includes(square);
  return legal ? tourTexts.notThisMove(pendingDouble && pendingDouble !== square ? `${pendingDouble}+${square}` : square, step.move) : null;
}

/**
 * Runs the tour store on the page's session and camera; returns the function that stops it.
 * `playThrow` plays the round on the board from its start again (a step that shows the throw).
 */
export function startTourDriver(
  session: VanillaStore<SessionState>,
  tour: UseBoundStore<StoreApi<TourState>>,
  camera: UseBoundStore<StoreApi<CameraStore>>,
  playThrow: () => void,
): () => void {
  /** The tour put its rounds on the board (in replay): leaving it gives the board back. */
  let showing = false;
  /** The replay open when the tour started (and at which move), put back on leaving; null: the live game. */
  let before: { replay: Replay; ply: number } | null = null;

  const guard = (square: string): string | null => {
    const { step, before } = tour.getState();
    const { snapshot, pendingDouble } = session.getState();
    const current = TOUR_STEPS[step];
    return tourRefusal(current, square, snapshot.legalMoves, pendingDouble, exampleMade(current, snapshot.state.moves, before));
  };

  function show(index: number): void {
    const step = TOUR_STEPS[index];
    showing = false; // the round replaced next is the tour's own
    const reason = session.getState().openRecord(tourRecord(step.position));
    if (reason) return; // the session has shown the reason; the tour's positions are the engine's own
    // A record opens at its last move, shown at once.
    showing = true;
    tour.setState({ before: session.getState().snapshot.state.moves.length });
    session.setState({ clickGuard: guard });
    camera.getState().setFocus(step.focus);
    if (step.playsThrow) playThrow();
  }

  function leave(): void {
    session.setState({ clickGuard: null });
    camera.getState().setFocus(null);
    const gaveBack = showing;
    showing = false;
    if (!gaveBack) return;
    if (before) session.getState().reopenReplay(before.replay, before.ply);
    else session.getState().leaveReplay();
  }

  /** What the board shows as the tour opens: a replay (kept, to be put back) or the live game. */
  function remember(): void {
    const { replay, snapshot } = session.getState();
    before = replay ? { replay, ply: snapshot.state.moves.length } : null;
  }

  // A new game or another record chosen during the tour ends it (the board is no longer the tour's).
  const unwatch = session.subscribe((s, previous) => {
    if (showing && previous.replay && s.replay?.opening !== previous.replay.opening) {
      showing = false;
      tour.getState().exit();
    }
  });

  const apply = (state: TourState, previous: TourState | null) => {
    if (state.problem && state.problem !== previous?.problem) session.getState().showNotice(tourTexts.badSaved(state.problem), 'refusal');
    if (state.open && !previous?.open) remember();
    if (state.open && (!previous?.open || state.step !== previous.step)) show(state.step);
    else if (!state.open && previous?.open) leave();
  };
  apply(tour.getState(), null);
  const unsubscribe = tour.subscribe(apply);
  return () => {
    unsubscribe();
    unwatch();
    if (tour.getState().open) leave();
  };
}
