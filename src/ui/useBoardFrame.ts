/**
 * Measures how much of the screen the HUD's lasting panels take at each edge and hands it to the
 * camera (cameraStore's insets), which frames the board in the free area left between them.
 *
 * A panel counts for the edge it stands against in the screen's middle: one across the middle
 * third of the width (seats and moves on a phone, the toolbar, the status line) keeps the board
 * below it (top) or above it (bottom); one across the screen's middle height (the evaluation
 * panel beside a phone held sideways) keeps it to one side. Corner panels (a laptop's seats and
 * moves, however long their lists grow) leave the board alone.
 * Passing messages and the round-end tally are left out: the board does not move for them.
 */
import { useEffect } from 'react';
import { type FrameInsets, useCamera } from '../scene/cameraStore';

/** The panels that stay on screen while a round is played. */
const PANELS = '.seats, .toolbar, .moves, .status-line, .evaluation, .evaluation-show, .online-bar, .replay-bar';
/**
 * Slots counted at their own height (CSS min-height), not their words': the status line, whose
 * words wrap to another row now and then (over the board's edge, as a passing message does),
 * would otherwise move the board at every change of its text.
 */
const SLOTS = '.status-line';
/** Room left between a panel and the board (CSS px). */
const GAP = 8;
/**
 * How far a panel may shrink (CSS px) before the board is framed again in the room it gave back; it
 * may grow by GAP (a status line a few pixels taller with other words): the camera stays.
 */
const SLACK = 16;

/** The room (CSS px at each edge) the panels take, a gap added. */
export function measureInsets(panels: Iterable<Element>, width: number, height: number): FrameInsets {
  const insets = { top: 0, right: 0, bottom: 0, left: 0 };
  for (const panel of panels) {
    const r = slotBox(panel, height);
    // Not shown (an empty slot still counts: the status line's keeps its height with no width).
    if (r.width === 0 && r.height === 0) continue;
    const acrossColumn = r.right > width / 3 && r.left < (2 * width) / 3;
    const acrossBand = r.bottom > height / 2 && r.top < height / 2;
    if (acrossColumn && r.bottom <= height / 2) insets.top = Math.max(insets.top, r.bottom);
    else if (acrossColumn && r.top >= height / 2) insets.bottom = Math.max(insets.bottom, height - r.top);
    else if (acrossBand && r.right <= width / 2) insets.left = Math.max(insets.left, r.right);
    else if (acrossBand && r.left >= width / 2) insets.right = Math.max(insets.right, width - r.left);
  }
  const room = (v: number) => (v > 0 ? Math.ceil(v) + GAP : 0);
  return { top: room(insets.top), right: room(insets.right), bottom: room(insets.bottom), left: room(insets.left) };
}

/** A panel's box on the page; a slot's at its own height, from the screen edge it stands against. */
function slotBox(panel: Element, height: number): { left: number; top: number; right: number; bottom: number; width: number; height: number } {
  const r = panel.getBoundingClientRect();
  if (typeof panel.matches !== 'function' || !panel.matches(SLOTS)) return r;
  const slot = parseFloat(getComputedStyle(panel).minHeight);
  if (!(slot > 0) || r.height <= slot) return r;
  const fromBottom = r.top >= height / 2;
  const top = fromBottom ? r.bottom - slot : r.top;
  return { left: r.left, right: r.right, width: r.width, top, bottom: top + slot, height: slot };
}

/** The insets to frame the board in: the current ones kept while the panels stay within their slack. */
export function settledInsets(current: FrameInsets, needed: FrameInsets): FrameInsets {
  // Framed anew, an edge keeps GAP more than needed: a panel may grow that much, or shrink by SLACK, before the next framing.
  const edge = (now: number, need: number) => (need > now || need < now - GAP - SLACK ? (need > 0 ? need + GAP : 0) : now);
  return { top: edge(current.top, needed.top), right: edge(current.right, needed.right), bottom: edge(current.bottom, needed.bottom), left: edge(current.left, needed.left) };
}

/** Keeps the camera's insets up to date while mounted: panels appearing, changing size, the window resized. */
export function useBoardFrame(): void {
  useEffect(() => {
    if (typeof ResizeObserver !== 'function') return;
    let frame = 0;
    const watched = new Set<Element>();
    const sizes = new ResizeObserver(() => schedule());
    const publish = () => {
      frame = 0;
      const panels = document.querySelectorAll(PANELS);
      for (const panel of panels) {
        if (!watched.has(panel)) {
          watched.add(panel);
          sizes.observe(panel);
        }
      }
      const camera = useCamera.getState();
      camera.setInsets(settledInsets(camera.insets, measureInsets(panels, window.innerWidth, window.innerHeight)));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(publish);
    };
    // Panels come and go (the evaluation shown or hidden, a replay): look again when the page's elements change.
    const added = new MutationObserver(schedule);
    added.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    // In the next frame, not in the commit: measuring now would lay out the whole page inside React's task.
    schedule();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      sizes.disconnect();
      added.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, []);
}
