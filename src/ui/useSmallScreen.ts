/** Whether the screen is a phone's (upright or sideways): the HUD's small-screen layout (hud.css's media queries). */
import { useSyncExternalStore } from 'react';

const SMALL_SCREEN = '(max-width: 720px), (max-height: 500px)';
/** A phone held sideways (hud.css's short screens). */
const SIDEWAYS = '(max-height: 500px)';

/** Calls `listener` when the page's width or height changes (a phone turned, a window resized). */
const onResize = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};

const smallScreen = () => window.matchMedia(SMALL_SCREEN).matches;
export const useSmallScreen = (): boolean => useSyncExternalStore(onResize, smallScreen);

/** The phone's screen as the HUD lays it out: held upright, sideways, or no phone (a laptop's window). */
export type PhoneShape = 'upright' | 'sideways' | null;
const phoneShape = (): PhoneShape => (window.matchMedia(SIDEWAYS).matches ? 'sideways' : smallScreen() ? 'upright' : null);
export const usePhoneShape = (): PhoneShape => useSyncExternalStore(onResize, phoneShape);

/** The page's width in CSS px, kept up to date. */
export const useScreenWidth = (): number => useSyncExternalStore(onResize, () => window.innerWidth);
