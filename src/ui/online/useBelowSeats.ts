/**
 * Keeps the bar just below the seats panel (top left), however many seats it lists, and tells the
 * page where the bar ends (`--online-bar-bottom`), so that the move list under it stops short of it
 * (and, on a phone, the bar's unfolded sheet under it stops short of the toolbar).
 * Both are measured at the frame after any change (the window resized, either panel resized, the
 * page's panels re-rendered): a window turned from phone to laptop width re-lays the seats out after
 * its resize event, and the move list must follow the bar's new place.
 */
import { type RefObject, useEffect } from 'react';

export function useBelowSeats(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement.style;
    let frame = 0;
    let seats: HTMLElement | null = null;
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
      if (seats) element.style.setProperty('--seats-bottom', `${Math.ceil(seats.getBoundingClientRect().bottom)}px`);
      root.setProperty('--online-bar-bottom', `${Math.ceil(element.getBoundingClientRect().bottom)}px`);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    sizes.observe(element);
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
    };
  }, [bar]);
}
