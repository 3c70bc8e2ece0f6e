/**
 * Read-outs of the 3D view for window.rolit and tests, without importing three or fiber (the
 * page imports this at start; the scene itself loads lazily). RenderProbe.tsx fills them in.
 *
 * calls/triangles are those of the last frame drawn: the renderer resets its counters at the
 * start of each render (autoReset) and R3F renders once per frame, so the numbers read after
 * the frame (shadow pass included) are per frame. programs is the renderer's shader programs
 * alive after that frame (compiled for the page and not released).
 */
import type { Colour } from '../engine/colours';
import type { BoardSize } from '../engine/geometry';
import type { ThrownBallView } from '../app/page/handle';

/** The renderer's counters (window.rolit reports them as the app's RenderStats). */
export interface RendererCounters {
  calls: number;
  triangles: number;
  /** Shader programs the renderer holds. */
  programs: number;
  /** Frames drawn since the page loaded (idle = this stops growing). */
  frames: number;
}

export const probe = {
  info: { calls: 0, triangles: 0, programs: 0, frames: 0 } as RendererCounters,
  /** The mounted canvas's frame requests, set by the mounted scene (see SceneDrawing). */
  drawing: null as null | SceneDrawing,
  /** Whether the camera is flying to a view, set by the mounted camera rig. */
  flying: null as null | (() => boolean),
  /** Page coordinates of a square's socket centre, set by the mounted scene. */
  project: null as null | ((square: string, size?: BoardSize, height?: number) => { x: number; y: number } | null),
  /** Page box (CSS px) of the supply tray's projected corners, set by the mounted scene. */
  supplyBox: null as null | (() => ScreenBox),
  /** Page box (CSS px) of a colour's side button, set by the mounted scene. */
  sideButtonBox: null as null | ((colour: Colour) => ScreenBox),
  /** The thrown start ball as last drawn (colour on top, page position), set by the mounted scene. */
  thrownBall: null as null | (() => ThrownBallView | null),
};

/**
 * What the canvas (drawing on demand) is still to draw. Something moving asks for the next frame
 * while each frame is drawn, so "no frame requested" after a frame means nothing moves.
 */
export interface SceneDrawing {
  /** Asks for one frame (no-op while the shaders are still compiling: the canvas draws nothing yet). */
  request(): void;
  /** Frames drawn since the page loaded. */
  drawn(): number;
  /**
   * Why the picture will still change by itself, in words (empty: at rest): a camera flight, a
   * throw being simulated, a frame asked for and not drawn yet. The cinematic camera's glide asks
   * for every frame and never ends: its frames do not count.
   */
  moving(): string[];
}

export interface ScreenBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function renderInfo(): RendererCounters {
  return { ...probe.info };
}

/**
 * Page coordinates (CSS px) of a socket's centre, or null when no scene is mounted or the square is
 * not on the board. The square is named as on a board of `size` (default: the round's), so every
 * socket of the physical board can be found, whatever size the round uses; the point is at a
 * resting ball's centre, or at scene height `height` (the board's top, where the coordinates are printed).
 */
export function socketScreenPosition(square: string, size?: BoardSize, height?: number): { x: number; y: number } | null {
  return probe.project ? probe.project(square, size, height) : null;
}

/** The mounted canvas's frame requests, or null when no scene is mounted. */
export function sceneDrawing(): SceneDrawing | null {
  return probe.drawing;
}

/** The thrown start ball as last drawn, or null when none is shown (or no scene is mounted). */
export function thrownBall(): ThrownBallView | null {
  return probe.thrownBall ? probe.thrownBall() : null;
}

/** Page box (CSS px) around the supply tray as drawn, or null when no scene is mounted. */
export function supplyScreenBox(): ScreenBox | null {
  return probe.supplyBox ? probe.supplyBox() : null;
}

/** Page box (CSS px) around a colour's side button as drawn, or null when no scene is mounted. */
export function sideButtonScreenBox(colour: Colour): ScreenBox | null {
  return probe.sideButtonBox ? probe.sideButtonBox(colour) : null;
}
