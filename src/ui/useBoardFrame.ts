/**
 * Measures the HUD's lasting panels on the page and hands their boxes to the camera (cameraStore's
 * panels), which frames the board clear of all of them (scene/boardFrame.ts: each panel framed
 * around, or left over the table where the board does not reach).
 * Passing messages, dialogs and the round-end tally are left out: the board does not move for them.
 */
import { useEffect } from 'react';
import { type PanelBox, useCamera } from '../scene/cameraStore';

/** The panels that stay on screen while a round is played (in play, watched, online or in replay). */
const PANELS = '.seats, .toolbar, .moves, .status-line, .evaluation, .evaluation-show, .online-bar, .replay-bar, .analysis, .demo-pause';
/**
 * Slots counted at their own height (CSS min-height), not their words': the status line, whose
 * words wrap to another row now and then (over the board's edge, as a passing message does),
 * would otherwise move the board at every change of its text.
 */
const SLOTS = '.status-line';

/** The page boxes (CSS px, whole pixels) of the panels shown; an empty slot counts (the status line's keeps its height with no width). */
export function measurePanels(panels: Iterable<Element>, height: number): PanelBox[] {
  const boxes: PanelBox[] = [];
  for (const panel of panels) {
    const r = slotBox(panel, height);
    if (r.width === 0 && r.height === 0) continue;
    if (typeof getComputedStyle === 'function' && getComputedStyle(panel).visibility === 'hidden') continue;
    boxes.push({ left: Math.floor(r.left), top: Math.floor(r.top), right: Math.ceil(r.right), bottom: Math.ceil(r.bottom) });
  }
  return boxes;
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

/** Keeps the camera's panels up to date while mounted: panels appearing, changing size, the window resized. */
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
      useCamera.getState().setPanels(measurePanels(panels, window.innerHeight));
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
