/**
 * Publishes the toolbar's height as the CSS variable --toolbar-height on the page, so that what
 * stands next to the toolbar (the evaluation panel below it; on phones the status line above it)
 * keeps clear of it however many rows the toolbar wraps to.
 */
import { type RefObject, useEffect } from 'react';

export function useToolbarHeight(toolbar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = toolbar.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--toolbar-height', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    // The observer's first report comes after the frame's layout, before its paint: measuring here,
    // in the commit, would lay out the whole page inside React's task.
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toolbar-height');
    };
  }, [toolbar]);
}
