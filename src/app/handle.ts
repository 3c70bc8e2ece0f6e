/**
 * window.rolit: a read-only handle for tests and curious users. It reads the session; nothing
 * here changes the game (moves go through the board like everyone else's clicks).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Colour } from '../engine/index';
import { ballCounts } from '../engine/game';
import { toRecord } from '../engine/record';
import type { SessionState } from './session';

export interface RolitStateView {
  toMove: Colour | null;
  /** Balls showing each colour in play. */
  scores: Partial<Record<Colour, number>>;
  /** Moves in order, as written in records ("f4", "e3+e6"). */
  moves: string[];
  over: boolean;
  /** The round in the documented record format (docs/record-format.md). */
  record: string;
}

export interface RenderInfo {
  calls: number;
  triangles: number;
  /** Frames drawn since the page loaded, where the scene counts them (idle = it stops growing). */
  frames?: number;
}

export interface RolitHandle {
  state(): RolitStateView;
  renderInfo(): RenderInfo | null;
  /** Page coordinates (CSS px) of a socket's centre, or null when there is no 3D view. */
  socketScreenPosition(square: string): { x: number; y: number } | null;
  /** Whether animations are still playing. */
  busy(): boolean;
}

export interface HandleSources {
  session: StoreApi<SessionState>;
  renderInfo?: () => RenderInfo | null;
  socketScreenPosition?: (square: string) => { x: number; y: number } | null;
  busy?: () => boolean;
}

export function stateView(session: SessionState): RolitStateView {
  const { game } = session;
  return {
    toMove: game.state.toMove,
    scores: ballCounts(game.setup, game.state.board).scores,
    moves: game.state.moves.map((m) => m.squares.join('+')),
    over: game.state.over,
    record: toRecord(game),
  };
}

export function createHandle(sources: HandleSources): RolitHandle {
  return Object.freeze({
    state: () => stateView(sources.session.getState()),
    renderInfo: () => sources.renderInfo?.() ?? null,
    socketScreenPosition: (square: string) => sources.socketScreenPosition?.(square) ?? null,
    busy: () => sources.busy?.() ?? false,
  });
}
