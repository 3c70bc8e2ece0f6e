/**
 * Keeps the bar by the seats panel (top left), however many seats it lists and however wide: on a
 * phone just below it, on a laptop its line right of it and its unfolded sheet below it (the seats
 * panel's bottom and right, `--seats-bottom` and `--seats-right` on the bar). Tells the page where
 * the bar's line ends (`--online-bar-bottom`), so that a phone's unfolded sheet stops short of the
 * toolbar, and where its unfolded sheet ends (`--online-sheet-bottom`, 0 when folded), so that a
 * laptop's move list (bottom left) stops short of the sheet above it.
 * All are measured at the frame after any change (the window resized, a panel or the sheet resized,
 * the page's panels re-rendered): a window turned from phone to laptop width re-lays the seats out
 * after its resize event, and the bar must follow.
 */
import { type RefObject, useEffect } from 'react';

export function useBelowSeats(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement.style;
    let frame = 0;
    let seats: HTMLElement | null = null;
    const sheet = element.querySelector(':scope > .body');
    const sizes = new ResizeObserver(() => schedule());
    const place = () => {
      frame = 0;
      // The seats panel as it is now (observed anew if the HUD put up another one).
      const now = document.querySelector<HTMLElement>('.seats');
      if (now !== seats) {
        if (seats) sizes.unobserve(seats);
        if (now) sizes.observe(now);
        seats = now;
      }
      if (seats) {
        const box = seats.getBoundingClientRect();
        element.style.setProperty('--seats-bottom', `${Math.ceil(box.bottom)}px`);
        element.style.setProperty('--seats-right', `${Math.ceil(box.right)}px`);
      }
      root.setProperty('--online-bar-bottom', `${Math.ceil(element.getBoundingClientRect().bottom)}px`);
      // A folded bar's sheet is not laid out: its box is empty.
      root.setProperty('--online-sheet-bottom', `${Math.ceil(sheet?.getBoundingClientRect().bottom ?? 0)}px`);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    sizes.observe(element);
    if (sheet) sizes.observe(sheet);
    const changed = new MutationObserver(schedule);
    changed.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    place();
    return () => {
      sizes.disconnect();
      changed.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
      root.removeProperty('--online-bar-bottom');
      root.removeProperty('--online-sheet-bottom');
    };
  }, [bar]);
}
