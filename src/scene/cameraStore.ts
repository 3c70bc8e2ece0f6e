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

/** A panel of the page lying over the canvas: its page box, CSS px. */
export interface PanelBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** A slot the board's room never takes (the status line's: the start ball rests clear of it, boardFrame.ts). */
  slot?: boolean;
}

export interface CameraStore {
  preset: CameraPreset;
  /** The page's lasting panels over the canvas (the HUD measures them, useBoardFrame): the camera frames the board clear of them (boardFrame.ts). */
  panels: readonly PanelBox[];
  /** When set, the camera looks at this instead of the preset (choosing a preset clears it). */
  focus: CameraFocus | null;
  /** Grows on every request, so choosing the same preset again flies back to it after orbiting. */
  request: number;
  /** The side the cinematic camera last cut to with reduced motion: the board is framed for that side's view while it shows it. */
  cut: CameraPreset | null;
  setPreset(preset: CameraPreset): void;
  /** Flies to `focus`, or back to the preset with null. */
  setFocus(focus: CameraFocus | null): void;
  /** The panels moved, changed size, came or went: the board is framed clear of them. */
  setPanels(panels: readonly PanelBox[]): void;
}

/** A camera store from the red seat's view (tests make their own; the page uses useCamera). */
export function createCameraStore(): UseBoundStore<StoreApi<CameraStore>> {
  return create<CameraStore>((set, get) => ({
    preset: 'red',
    cut: null,
    focus: null,
    panels: [],
    request: 0,
    setPreset(preset) {
      if (!CAMERA_PRESETS.includes(preset)) throw new Error(`unknown camera preset "${preset}" (${CAMERA_PRESETS.join(', ')})`);
      set({ preset, focus: null, request: get().request + 1 });
    },
    setFocus(focus) {
      set({ focus, request: get().request + 1 });
    },
    setPanels(panels) {
      const now = get().panels;
      const same = (a: PanelBox, b: PanelBox) => a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom && a.slot === b.slot;
      if (now.length !== panels.length || panels.some((p, i) => !same(p, now[i]))) set({ panels });
    },
  }));
}

/** The page's camera choice: a plain store with no side effects, shared by the HUD and the scene. */
export const useCamera = createCameraStore();
