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
export function measurePanels(panels: Iterable<Element>, height: number): Map<Element, PanelBox> {
  const boxes = new Map<Element, PanelBox>();
  for (const panel of panels) {
    const r = slotBox(panel, height);
    if (r.width === 0 && r.height === 0) continue;
    if (typeof getComputedStyle === 'function' && getComputedStyle(panel).visibility === 'hidden') continue;
    const box: PanelBox = { left: Math.floor(r.left), top: Math.floor(r.top), right: Math.ceil(r.right), bottom: Math.ceil(r.bottom) };
    boxes.set(panel, isSlot(panel) ? { ...box, slot: true } : box);
  }
  return boxes;
}

/**
 * Each panel's reach while the same panels stay: its largest box since one came or went. A panel
 * that grows and shrinks with what it says (replay's bar riding a status line that wraps now and
 * then, the analysis' list) has the board make room for it once, not move at every step.
 */
export function panelReach(before: ReadonlyMap<Element, PanelBox>, now: ReadonlyMap<Element, PanelBox>): Map<Element, PanelBox> {
  if (before.size !== now.size || [...now.keys()].some((panel) => !before.has(panel))) return new Map(now);
  return new Map(
    [...now].map(([panel, box]) => {
      const was = before.get(panel)!;
      return [panel, { ...box, left: Math.min(was.left, box.left), top: Math.min(was.top, box.top), right: Math.max(was.right, box.right), bottom: Math.max(was.bottom, box.bottom) }];
    }),
  );
}

const isSlot = (panel: Element) => typeof panel.matches === 'function' && panel.matches(SLOTS);

/** A panel's box on the page; a slot's at its own height, from the screen edge it stands against. */
function slotBox(panel: Element, height: number): { left: number; top: number; right: number; bottom: number; width: number; height: number } {
  const r = panel.getBoundingClientRect();
  if (!isSlot(panel)) return r;
  const slot = parseFloat(getComputedStyle(panel).minHeight);
  if (!(slot > 0) || r.height <= slot) return r;
  const fromBottom = r.top >= height / 2;
  const top = fromBottom ? r.bottom - slot : r.top;
  return { left: r.left, right: r.right, width: r.width, top, bottom: top + slot, height: slot };
}

/** How long after the window changes size the panels are taken as they are, not at their reach: their new layout's frames. */
const RELAYOUT_MS = 500;

/** Keeps the camera's panels up to date while mounted: panels appearing, changing size, the window resized. */
export function useBoardFrame(): void {
  useEffect(() => {
    if (typeof ResizeObserver !== 'function') return;
    let frame = 0;
    const watched = new Set<Element>();
    const sizes = new ResizeObserver(() => schedule());
    let reach = new Map<Element, PanelBox>();
    let relayout: ReturnType<typeof setTimeout> | undefined;
    const publish = () => {
      frame = 0;
      const panels = document.querySelectorAll(PANELS);
      for (const panel of panels) {
        if (!watched.has(panel)) {
          watched.add(panel);
          sizes.observe(panel);
        }
      }
      const measured = measurePanels(panels, window.innerHeight);
      reach = relayout ? measured : panelReach(reach, measured);
      useCamera.getState().setPanels([...reach.values()]);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(publish);
    };
    // Panels come and go (the evaluation shown or hidden, a replay): look again when the page's elements change.
    const added = new MutationObserver(schedule);
    added.observe(document.body, { childList: true, subtree: true });
    // A new window size lays every panel out afresh, over a few frames (some panels stand on edges
    // other panels publish, useToolbarHeight.ts): they are taken as they are until that is over,
    // then measured once more, their reach starting from there.
    const resized = () => {
      clearTimeout(relayout);
      relayout = setTimeout(() => {
        relayout = undefined;
        reach = new Map();
        schedule();
      }, RELAYOUT_MS);
      schedule();
    };
    window.addEventListener('resize', resized);
    // In the next frame, not in the commit: measuring now would lay out the whole page inside React's task.
    schedule();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      clearTimeout(relayout);
      sizes.disconnect();
      added.disconnect();
      window.removeEventListener('resize', resized);
    };
  }, []);
}
