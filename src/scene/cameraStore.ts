/** Camera presets the HUD can choose: from a seat's side of the table, or straight down. */
import { create, type StoreApi, type UseBoundStore } from 'zustand';

export type CameraPreset = 'red' | 'yellow' | 'green' | 'blue' | 'top';
export const CAMERA_PRESETS: readonly CameraPreset[] = ['red', 'yellow', 'green', 'blue', 'top'];

/** A view of its own (the guided tour's): the point looked at, and from where, as CameraRig's presets. */
export interface CameraFocus {
  target: [number, number, number];
  radius: number;
  /** Angle from straight up. */
  polar: number;
  /** About +Y; 0 is the red side. */
  azimuth: number;
}

export interface CameraStore {
  preset: CameraPreset;
  /** When set, the camera looks at this instead of the preset (choosing a preset clears it). */
  focus: CameraFocus | null;
  /** Grows on every request, so choosing the same preset again flies back to it after orbiting. */
  request: number;
  setPreset(preset: CameraPreset): void;
  /** Flies to `focus`, or back to the preset with null. */
  setFocus(focus: CameraFocus | null): void;
}

/** A camera store from the red seat's view (tests make their own; the page uses useCamera). */
export function createCameraStore(): UseBoundStore<StoreApi<CameraStore>> {
  return create<CameraStore>((set, get) => ({
    preset: 'red',
    focus: null,
    request: 0,
    setPreset(preset) {
      if (!CAMERA_PRESETS.includes(preset)) throw new Error(`unknown camera preset "${preset}" (${CAMERA_PRESETS.join(', ')})`);
      set({ preset, focus: null, request: get().request + 1 });
    },
    setFocus(focus) {
      set({ focus, request: get().request + 1 });
    },
  }));
}

/** The page's camera choice: a plain store with no side effects, shared by the HUD and the scene. */
export const useCamera = createCameraStore();
