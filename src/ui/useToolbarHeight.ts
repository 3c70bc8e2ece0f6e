/**
 * Publishes a panel's size as a CSS variable on the page, so that what stands next to it keeps
 * clear of it however it wraps: the toolbar's height (--toolbar-height: the evaluation panel below
 * it; on phones the status line above it), the seats panel's bottom (--seats-bottom: on a phone
 * held upright, the evaluation panel below the seats), the status line's height (--status-height:
 * replay's controls above it).
 */
import { type RefObject, useEffect } from 'react';

export function usePublishedEdge(panel: RefObject<HTMLElement | null>, variable: string, edge: 'height' | 'bottom'): void {
  useEffect(() => {
    const element = panel.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(variable, `${Math.ceil(element.getBoundingClientRect()[edge])}px`);
    // The observer's first report comes after the frame's layout, before its paint: measuring here,
    // in the commit, would lay out the whole page inside React's task.
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [panel, variable, edge]);
}

export const useToolbarHeight = (toolbar: RefObject<HTMLElement | null>): void => usePublishedEdge(toolbar, '--toolbar-height', 'height');
