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

/**
 * How much of the canvas the page's panels keep from the board, in CSS px at each edge: the camera
 * frames the board in what is left (the free area), centred there (CameraRig).
 */
export interface FrameInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}
export const NO_INSETS: FrameInsets = { top: 0, right: 0, bottom: 0, left: 0 };

export interface CameraStore {
  preset: CameraPreset;
  /** The panels' share of the canvas (the HUD measures it, useBoardFrame). */
  insets: FrameInsets;
  /** When set, the camera looks at this instead of the preset (choosing a preset clears it). */
  focus: CameraFocus | null;
  /** Grows on every request, so choosing the same preset again flies back to it after orbiting. */
  request: number;
  setPreset(preset: CameraPreset): void;
  /** Flies to `focus`, or back to the preset with null. */
  setFocus(focus: CameraFocus | null): void;
  /** The panels moved or changed size: the board is framed in what they leave free. */
  setInsets(insets: FrameInsets): void;
}

/** A camera store from the red seat's view (tests make their own; the page uses useCamera). */
export function createCameraStore(): UseBoundStore<StoreApi<CameraStore>> {
  return create<CameraStore>((set, get) => ({
    preset: 'red',
    focus: null,
    insets: NO_INSETS,
    request: 0,
    setPreset(preset) {
      if (!CAMERA_PRESETS.includes(preset)) throw new Error(`unknown camera preset "${preset}" (${CAMERA_PRESETS.join(', ')})`);
      set({ preset, focus: null, request: get().request + 1 });
    },
    setFocus(focus) {
      set({ focus, request: get().request + 1 });
    },
    setInsets(insets) {
      const now = get().insets;
      if (now.top !== insets.top || now.right !== insets.right || now.bottom !== insets.bottom || now.left !== insets.left) set({ insets });
    },
  }));
}

/** The page's camera choice: a plain store with no side effects, shared by the HUD and the scene. */
export const useCamera = createCameraStore();
