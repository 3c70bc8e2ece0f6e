/**
 * When the page is settled (window.rolit.settled): nothing it shows will change by itself any
 * more, and the canvas has drawn what there is. Tests wait for this instead of for a quiet time,
 * which a slow software renderer (a frame every few seconds) would fool.
 *
 * Settled means all of these at once:
 * - the 3D view has loaded (code, physics, shaders), or will not be shown (no WebGL, it failed);
 * - the board's animations are over, or held still by an open dialog (they go on when it closes);
 * - no computer question is open or about to be asked: a computer seat's move (not while the
 *   spectator has paused the computers or a dialog is open), or a suggestion;
 * - no analysis answer is on its way: the evaluation bar's estimate, the strongest move, exact values;
 * - the canvas is at rest: no camera flight, no throw still being simulated, no frame asked for
 *   and not drawn; the cinematic camera's glide never ends, so its frames do not count;
 * - the canvas has drawn a frame since the last change of what it shows (else one is asked for
 *   and drawn), and all that still holds one animation frame later, with nothing changed meanwhile.
 *
 * Timers are not waited for: the next round's countdown, a time limit's move clock and the demo's
 * stall watchdog run on the page's clock (tests drive them with Playwright's page.clock). Settling
 * is looked at once per animation frame, so it needs the page's clock running.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { SessionState } from '../session/session';

/** The mounted canvas as the settling check sees it (the scene's SceneDrawing). */
export interface SceneFrames {
  /** Asks for one frame. */
  request(): void;
  /** Frames drawn since the page loaded. */
  drawn(): number;
  /** Why the picture will still change by itself, in words; empty when at rest. */
  moving(): string[];
}

/** A store as settling reads it: its state now and its changes. */
type Watched<T> = Pick<StoreApi<T>, 'getState' | 'subscribe'>;

export interface SettleSources {
  session: StoreApi<SessionState>;
  /** Whether the board's animations are playing. */
  animating(): boolean;
  /** The analysis stores (analysis/): the evaluation bar waiting for its estimate, the strongest move thinking, exact values solving. */
  evaluation: Watched<{ waiting: boolean }>;
  strongest: Watched<{ status: string }>;
  exactValues: Watched<{ status: string }>;
  /** Whether the 3D view is still loading and will be shown. */
  sceneLoading(): boolean;
  /** Whether the 3D view lost its WebGL context and is being brought back. */
  sceneRestoring(): boolean;
  /** The mounted canvas, or null when there is none. */
  scene(): SceneFrames | null;
  /** Other things whose changes change the picture (the director, the camera choice, the viewer's settings). */
  watched: readonly { subscribe(listener: () => void): () => void }[];
  /** The next animation frame (requestAnimationFrame). */
  nextFrame(callback: () => void): void;
}

export interface Settling {
  /** What the page is still doing that will change what it shows, in words; empty when nothing. */
  unsettled(): string[];
  /** Resolves once the page is settled (see the top of this file). */
  settled(): Promise<void>;
}

export function createSettling(sources: SettleSources): Settling {
  const { session, evaluation, strongest, exactValues } = sources;
  let changes = 0;
  /** Frames the canvas had drawn at the last change: a frame drawn after that one shows it. */
  let drawnAtChange = 0;
  for (const store of [session, evaluation, strongest, exactValues, ...sources.watched])
    store.subscribe(() => {
      changes++;
      drawnAtChange = sources.scene()?.drawn() ?? 0;
    });

  function unsettled(): string[] {
    const reasons: string[] = [];
    const s = session.getState();
    if (sources.sceneLoading()) reasons.push('the 3D view is loading');
    if (sources.sceneRestoring()) reasons.push('the 3D view lost its WebGL context and is being restored');
    if (sources.animating() && !s.paused) reasons.push('the board is animating');
    if (s.computerPending()) reasons.push('the computer is thinking');
    if (evaluation.getState().waiting) reasons.push('the evaluation bar is waiting for its estimate');
    if (strongest.getState().status === 'thinking') reasons.push('the strongest move is being searched');
    if (exactValues.getState().status === 'solving') reasons.push('exact values are being solved');
    reasons.push(...(sources.scene()?.moving() ?? []));
    return reasons;
  }

  function settled(): Promise<void> {
    return new Promise((resolve) => {
      /**
       * Set once all is quiet: the change count then, and the frames drawn then if a frame was
       * asked for (the canvas had not drawn since the last change), else null.
       */
      let quiet: { changes: number; asked: number | null } | null = null;
      const look = () => {
        const scene = sources.scene();
        if (unsettled().length > 0) {
          quiet = null;
          return sources.nextFrame(look);
        }
        if (!quiet || changes !== quiet.changes) {
          // A software renderer may take a second a frame: ask for one only if the canvas has not
          // drawn since the last change.
          const drawn = scene?.drawn() ?? 0;
          const shown = !scene || drawn > drawnAtChange;
          quiet = { changes, asked: shown ? null : drawn };
          if (!shown) scene.request();
          return sources.nextFrame(look);
        }
        // Still quiet a frame later, nothing changed, and the frame asked for (if any) drawn.
        if (scene && quiet.asked !== null && scene.drawn() <= quiet.asked) return sources.nextFrame(look);
        resolve();
      };
      look();
    });
  }

  return { unsettled, settled };
}
