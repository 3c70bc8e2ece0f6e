/** Whether the screen is a phone's (upright or sideways): the HUD's small-screen layout (hud.css's media queries). */
import { useSyncExternalStore } from 'react';

const SMALL_SCREEN = '(max-width: 720px), (max-height: 500px)';
const smallScreen = () => window.matchMedia(SMALL_SCREEN).matches;
const onScreenChange = (listener: () => void) => {
  const query = window.matchMedia(SMALL_SCREEN);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

export const useSmallScreen = (): boolean => useSyncExternalStore(onScreenChange, smallScreen);
