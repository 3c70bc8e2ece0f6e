/**
 * window.rolit: a read-only handle for tests and curious users. It reads the session; nothing
 * here changes the game (moves go through the board like everyone else's clicks).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Colour } from '../../engine/index';
import type { BoardSize } from '../../engine/geometry';
import type { SessionState } from '../session/session';
import { captionOf } from '../session/shownRound';
import type { Settling } from './settled';

export interface RolitStateView {
  toMove: Colour | null;
  /** Balls showing each colour in play. */
  scores: Partial<Record<Colour, number>>;
  /** Moves in order, as written in records ("f4", "e3+e6"). */
  moves: string[];
  over: boolean;
  /** The round in the documented record format (docs/record-format.md). */
  record: string;
  /** What the board has shown so far (the HUD says this): it lags the engine while animations play. */
  shown: ShownStateView;
}

export interface ShownStateView {
  /** Events of the round's log the board has shown. */
  events: number;
  toMove: Colour | null;
  scores: Partial<Record<Colour, number>>;
  moves: string[];
  over: boolean;
  /** The start throw's caption ("Blue starts"), null once the first move is shown. */
  caption: string | null;
}

/** The renderer's counters of the last frame drawn, as window.rolit reports them. */
export interface RenderStats {
  calls: number;
  triangles: number;
  /** Shader programs the renderer holds, where the scene counts them. */
  programs?: number;
  /** Frames drawn since the page loaded, where the scene counts them (idle = it stops growing). */
  frames?: number;
}

export interface RolitHandle {
  state(): RolitStateView;
  renderInfo(): RenderStats | null;
  /** Page coordinates (CSS px) of a socket's centre (a resting ball's, or at scene height `height`), the square named as on a board of `size` (default: the round's), or null when there is no 3D view. */
  socketScreenPosition(square: string, size?: BoardSize, height?: number): { x: number; y: number } | null;
  /** Page box (CSS px) around the supply tray as drawn, or null when there is no 3D view. */
  supplyScreenBox(): { left: number; top: number; right: number; bottom: number } | null;
  /** Page box (CSS px) around a colour's side button as drawn, or null when there is no 3D view. */
  sideButtonScreenBox(colour: Colour): { left: number; top: number; right: number; bottom: number } | null;
  /** The thrown start ball as last drawn: the colour on top and its page position, or null when none is shown. */
  thrownBall(): ThrownBallView | null;
  /** Whether animations are still playing. */
  busy(): boolean;
  /**
   * Resolves when the page is settled: the 3D view loaded, animations over, no computer move or
   * analysis answer on its way, the camera at rest, and a frame drawn after the last change.
   * Timers (the next round's countdown, a time limit) are not waited for. The full definition is
   * in src/app/page/settled.ts.
   */
  settled(): Promise<void>;
  /** What settled() is still waiting for, in words (empty when only a last frame is to come). */
  unsettled(): string[];
  /** The Analysis panel's strongest move: null until asked, cleared when the position changes. */
  strongest(): StrongestView | null;
  /** The online room this page is in, or null in local play. */
  online(): OnlineView | null;
}

/** The Analysis panel's strongest move as window.rolit reports it (analysis/strongestMove.ts makes it). */
export interface StrongestView {
  status: 'thinking' | 'done' | 'unavailable' | 'failed';
  /** The master's move ("f4", "e3+e6") once done. */
  move: string | null;
  /** Win chance per player of the round (colours as in the rules), summing to 1, once done. */
  chances: { colours: Colour[]; chance: number }[] | null;
}

export interface OnlineView {
  room: string | null;
  status: 'connecting' | 'open' | 'dropped' | 'failed';
  /** The room's phase (waiting, playing, over), null before its state arrived. */
  phase: string | null;
  /** This page's seat colour, '' watching, null before the server said. */
  colour: Colour | '' | null;
  host: boolean;
  spectators: number;
  /** Why the page is not in the room (online:failure.<kind>). */
  failure: string | null;
  /** Moves of the room's round played on the server (its state's `moves`). */
  movesPlayed: number;
  /** Moves of the round the board shows (a page that falls behind skips animations to catch up). */
  movesShown: number;
}

export interface ThrownBallView {
  top: Colour;
  /** Page position (CSS px) of its centre. */
  x: number;
  y: number;
  /** Its radius on the page (CSS px). */
  radius: number;
  /** Its centre in scene units (y up, the table at 0). */
  centre: [number, number, number];
  /** How far through its throw it was drawn: 0 in the hand, 1 at rest. */
  progress: number;
}

export interface HandleSources {
  session: StoreApi<SessionState>;
  renderInfo?: () => RenderStats | null;
  socketScreenPosition?: (square: string, size?: BoardSize, height?: number) => { x: number; y: number } | null;
  supplyScreenBox?: () => { left: number; top: number; right: number; bottom: number } | null;
  sideButtonScreenBox?: (colour: Colour) => { left: number; top: number; right: number; bottom: number } | null;
  thrownBall?: () => ThrownBallView | null;
  busy?: () => boolean;
  strongest?: () => StrongestView | null;
  online?: () => OnlineView | null;
  /** Without it (a page with no director, analysis or scene) nothing is ever pending. */
  settling?: Settling;
}

export function stateView(session: SessionState): RolitStateView {
  const { snapshot, shown } = session;
  return {
    toMove: snapshot.toMove,
    scores: { ...snapshot.scores },
    moves: snapshot.state.moves.map((m) => m.squares.join('+')),
    over: snapshot.over,
    record: snapshot.record,
    shown: {
      events: shown.count,
      toMove: shown.toMove,
      scores: { ...shown.scores },
      moves: shown.moves.map((m) => m.squares.join('+')),
      over: shown.over,
      caption: shown.startThrow ? captionOf(shown.startThrow) : null,
    },
  };
}

export function createHandle(sources: HandleSources): RolitHandle {
  return Object.freeze({
    state: () => stateView(sources.session.getState()),
    renderInfo: () => sources.renderInfo?.() ?? null,
    socketScreenPosition: (square: string, size?: BoardSize, height?: number) => sources.socketScreenPosition?.(square, size, height) ?? null,
    supplyScreenBox: () => sources.supplyScreenBox?.() ?? null,
    sideButtonScreenBox: (colour: Colour) => sources.sideButtonScreenBox?.(colour) ?? null,
    thrownBall: () => sources.thrownBall?.() ?? null,
    busy: () => sources.busy?.() ?? false,
    strongest: () => sources.strongest?.() ?? null,
    online: () => sources.online?.() ?? null,
    settled: () => sources.settling?.settled() ?? Promise.resolve(),
    unsettled: () => sources.settling?.unsettled() ?? [],
  });
}
