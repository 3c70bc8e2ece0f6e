/**
 * The cinematic camera switch: a slow orbit that keeps the board and the last move in view (the
 * motion itself is in CameraRig). The viewer's switch is remembered (`rolit.camera.cinematic`);
 * `?camera=cinematic` or `?camera=fixed` chooses for one visit; demo mode starts it on. A drag, a
 * zoom or a camera button stops it without forgetting the remembered choice.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { t } from '../i18n/index';

export const CINEMATIC_KEY = 'rolit.camera.cinematic';
export const CAMERA_PARAMETER = 'camera';
const CAMERA_VALUES = { cinematic: true, fixed: false } as const;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

const cinematic = createStore<{ on: boolean }>()(() => ({ on: false }));
/** Where the viewer's choice is remembered; null (demo mode, tests, blocked storage): not remembered. */
let remembered: Storage | null = null;

/**
 * The `camera` parameter of a query string: null when absent. Returns the query string without it
 * (the session reads the rest) and, for a bad value, what is wrong in the page's language.
 */
export function readCameraParameter(search: string): { cinematic: boolean | null; rest: string; problem: string | null } {
  const params = new URLSearchParams(search);
  if (!params.has(CAMERA_PARAMETER)) return { cinematic: null, rest: search, problem: null };
  const value = params.get(CAMERA_PARAMETER) ?? '';
  params.delete(CAMERA_PARAMETER);
  const rest = params.toString() ? `?${params}` : '';
  if (!(value in CAMERA_VALUES)) return { cinematic: null, rest, problem: t('watch:cameraBadValue', { value, values: Object.keys(CAMERA_VALUES).join(', ') }) };
  return { cinematic: CAMERA_VALUES[value as keyof typeof CAMERA_VALUES], rest, problem: null };
}

/**
 * Sets the switch at the page's start: the URL's choice, else on in demo mode, else the remembered
 * one. `storage` null: the choice is not remembered (demo mode never writes the viewer's settings).
 */
export function initCinematic(options: { fromUrl: boolean | null; demo: boolean; storage: Storage | null }): void {
  remembered = options.storage;
  const stored = options.storage?.getItem(CINEMATIC_KEY) ?? null;
  cinematic.setState({ on: options.fromUrl ?? (options.demo || stored === 'true') });
}

/** The viewer's switch: turns the cinematic camera on or off, and remembers it. */
export function setCinematic(on: boolean): void {
  cinematic.setState({ on });
  try {
    remembered?.setItem(CINEMATIC_KEY, String(on));
  } catch {
    // A full or blocked storage: the switch still works for this visit.
  }
}

/** The viewer took the camera (drag, zoom, a camera button): the orbit stops, the remembered choice stays. */
export function stopCinematic(): void {
  if (cinematic.getState().on) cinematic.setState({ on: false });
}

export const cinematicOn = (): boolean => cinematic.getState().on;
export const useCinematic = (): boolean => useStore(cinematic, (s) => s.on);
