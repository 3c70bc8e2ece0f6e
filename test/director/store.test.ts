import { describe, expect, it } from 'vitest';
import { createPageDirector } from '../../src/director/store';
import { Game } from '../../src/engine';

describe('page director: created by its owner, no state shared between instances', () => {
  it('status follows busy/idle, skip ends the animations, dispose stops following', () => {
    const page = createPageDirector();
    const other = createPageDirector();
    const game = new Game({ seed: 4 });
    page.director.sync(game.events);
    expect(page.status.getState().busy).toBe(true);
    expect(other.status.getState().busy).toBe(false); // a second director is its own
    page.status.getState().skip();
    expect(page.director.busy).toBe(false);
    expect(page.status.getState().busy).toBe(false);
    page.dispose();
    game.play(game.legalMoves()[0]);
    page.director.sync(game.events);
    expect(page.director.busy).toBe(true);
    expect(page.status.getState().busy).toBe(false); // disposed: no longer follows
    other.dispose();
  });
});

describe('page director: the clock and the canvas in one animation frame', () => {
  it('asks for its next tick before a change asks for the canvas’s frame, so the canvas draws in each frame what the clock has just shown', () => {
    // Animation-frame callbacks run in the order they were asked for (as browsers do).
    let queue: { id: number; run: (now: number) => void }[] = [];
    let ids = 0;
    let now = 0;
    const runFrame = () => {
      const due = queue;
      queue = [];
      now += 250;
      for (const { run } of due) run(now);
    };
    const saved = { raf: globalThis.requestAnimationFrame, caf: globalThis.cancelAnimationFrame };
    globalThis.requestAnimationFrame = (run: FrameRequestCallback) => {
      queue.push({ id: ++ids, run });
      return ids;
    };
    globalThis.cancelAnimationFrame = (id: number) => {
      queue = queue.filter((c) => c.id !== id);
    };
    try {
      const page = createPageDirector();
      const { director } = page;
      // The canvas as scene/view.ts wires it: each change of the clock asks for one frame (if none is asked for yet), drawn from the clock then.
      let frame = 0;
      const drawn = new Map<number, number>();
      let canvasAsked = false;
      director.subscribe(() => {
        if (canvasAsked) return;
        canvasAsked = true;
        requestAnimationFrame(() => {
          canvasAsked = false;
          drawn.set(frame, director.time);
        });
      });
      director.sync(new Game({ seed: 4 }).events);
      // What the HUD shows at the end of each frame: the clock then.
      const shown = new Map<number, number>();
      for (; frame < 60 && queue.length > 0; frame++) {
        runFrame();
        shown.set(frame, director.time);
      }
      expect(director.busy).toBe(false);
      expect(drawn.size).toBeGreaterThan(3);
      // In every frame the canvas drew, it drew the moment the HUD showed in that frame, never the frame before's.
      for (const [at, time] of drawn) expect({ frame: at, drew: time }).toEqual({ frame: at, drew: shown.get(at) });
      page.dispose();
    } finally {
      globalThis.requestAnimationFrame = saved.raf;
      globalThis.cancelAnimationFrame = saved.caf;
    }
  });
});
