import { type BoardSize, boardOffset, DOUBLE, isPlayable, popcount, type Position } from '../engine';
import type { Seating } from './seating';

/**
 * The rule sheets' tactical map, as weights a ball adds to its plain count of 1: corners very
 * strong, edges strong, the edge squares next to a corner (C) weak and the diagonal one (X)
 * very weak while that corner is empty, the second ring slightly weak, the centre neutral.
 * Tuned with the arena (docs/ai.md).
 */
export interface Weights {
  corner: number;
  edge: number;
  cSquare: number;
  xSquare: number;
  ring: number;
}

export const WEIGHTS: Weights = { corner: 6, edge: 1.5, cSquare: -2, xSquare: -4, ring: -0.5 };

/** Square classes of one board size, as lo/hi bitboard masks. */
export interface BoardMasks {
  size: BoardSize;
  corner: Int32Array;
  edge: Int32Array;
  ring: Int32Array;
  /** The four corner squares, and per corner the masks of its C squares and X square. */
  corners: Int32Array;
  cOf: Int32Array;
  xOf: Int32Array;
  /** Static value of a ball on each internal square (corners empty), for move ordering and playouts. */
  squareValue: Float64Array;
  /** The squares of each squareValue as lo/hi bitboard pairs, highest value first (playouts). */
  valueClasses: Int32Array;
}

function addBit(mask: Int32Array, at: number, sq: number): void {
  if (sq < 32) mask[at] |= 1 << sq;
  else mask[at + 1] |= 1 << (sq - 32);
}

const masksBySize = new Map<BoardSize, BoardMasks>();

export function boardMasks(size: BoardSize, w: Weights = WEIGHTS): BoardMasks {
  const cached = w === WEIGHTS ? masksBySize.get(size) : undefined;
  if (cached) return cached;
  const off = boardOffset(size);
  const last = off + size - 1;
  const m: BoardMasks = {
    size,
    corner: new Int32Array(2),
    edge: new Int32Array(2),
    ring: new Int32Array(2),
    corners: new Int32Array(4),
    cOf: new Int32Array(8),
    xOf: new Int32Array(8),
    squareValue: new Float64Array(64),
    valueClasses: new Int32Array(0),
  };
  const cornerRC = [[off, off], [off, last], [last, off], [last, last]];
  cornerRC.forEach(([r, c], i) => {
    const sq = r * 8 + c;
    m.corners[i] = sq;
    addBit(m.corner, 0, sq);
    const dr = r === off ? 1 : -1;
    const dc = c === off ? 1 : -1;
    addBit(m.xOf, 2 * i, (r + dr) * 8 + c + dc);
    addBit(m.cOf, 2 * i, (r + dr) * 8 + c);
    addBit(m.cOf, 2 * i, r * 8 + c + dc);
  });
  for (let sq = 0; sq < 64; sq++) {
    if (!isPlayable(size, sq)) continue;
    const r = sq >> 3;
    const c = sq & 7;
    const onEdge = r === off || r === last || c === off || c === last;
    const isCorner = (r === off || r === last) && (c === off || c === last);
    const inRing = !onEdge && (r === off + 1 || r === last - 1 || c === off + 1 || c === last - 1);
    if (onEdge && !isCorner) addBit(m.edge, 0, sq);
    if (inRing) addBit(m.ring, 0, sq);
  }
  // Small boards: C and X squares are also edge/ring squares; the corner penalty replaces those.
  for (let i = 0; i < 2; i++) {
    let cx = 0;
    for (let k = 0; k < 4; k++) cx |= m.cOf[2 * k + i] | m.xOf[2 * k + i];
    m.edge[i] &= ~cx;
    m.ring[i] &= ~cx;
  }
  for (let sq = 0; sq < 64; sq++) {
    if (!isPlayable(size, sq)) continue;
    const bit = (mask: Int32Array, at = 0) => (sq < 32 ? (mask[at] >>> sq) & 1 : (mask[at + 1] >>> (sq - 32)) & 1);
    let v = 1 + w.corner * bit(m.corner) + w.edge * bit(m.edge) + w.ring * bit(m.ring);
    for (let k = 0; k < 4; k++) v += w.cSquare * bit(m.cOf, 2 * k) + w.xSquare * bit(m.xOf, 2 * k);
    m.squareValue[sq] = v;
  }
  const values = [...new Set(Array.from({ length: 64 }, (_, sq) => sq).filter((sq) => isPlayable(size, sq)).map((sq) => m.squareValue[sq]))].sort((a, b) => b - a);
  m.valueClasses = new Int32Array(2 * values.length);
  for (let sq = 0; sq < 64; sq++) if (isPlayable(size, sq)) addBit(m.valueClasses, 2 * values.indexOf(m.squareValue[sq]), sq);
  if (w === WEIGHTS) masksBySize.set(size, m);
  return m;
}

/** Static value of a move for ordering and playouts: the tactical map value of its square(s). */
export function moveValue(m: BoardMasks, move: number): number {
  return move & DOUBLE ? m.squareValue[(move >> 6) & 63] + m.squareValue[move & 63] : m.squareValue[move];
}

/**
 * Positional evaluation: writes each player's weighted ball total into out[0..players). A ball
 * counts 1 plus its tactical-map weight; C and X squares are only weak while their corner is empty.
 */
export function evaluatePlayers(position: Position, seating: Seating, m: BoardMasks, w: Weights, out: Float64Array): void {
  const bb = position.bb;
  const occLo = bb[0] | bb[2] | bb[4] | bb[6];
  const occHi = bb[1] | bb[3] | bb[5] | bb[7];
  // C and X squares of the corners that are still empty.
  let cLo = 0;
  let cHi = 0;
  let xLo = 0;
  let xHi = 0;
  for (let k = 0; k < 4; k++) {
    const sq = m.corners[k];
    const taken = sq < 32 ? (occLo >>> sq) & 1 : (occHi >>> (sq - 32)) & 1;
    if (taken) continue;
    cLo |= m.cOf[2 * k];
    cHi |= m.cOf[2 * k + 1];
    xLo |= m.xOf[2 * k];
    xHi |= m.xOf[2 * k + 1];
  }
  for (let p = 0; p < seating.players; p++) out[p] = 0;
  for (let c = 0; c < 4; c++) {
    const p = seating.owners[c];
    if (p < 0) continue;
    const lo = bb[2 * c];
    const hi = bb[2 * c + 1];
    out[p] +=
      popcount(lo) + popcount(hi) +
      w.corner * (popcount(lo & m.corner[0]) + popcount(hi & m.corner[1])) +
      w.edge * (popcount(lo & m.edge[0]) + popcount(hi & m.edge[1])) +
      w.ring * (popcount(lo & m.ring[0]) + popcount(hi & m.ring[1])) +
      w.cSquare * (popcount(lo & cLo) + popcount(hi & cHi)) +
      w.xSquare * (popcount(lo & xLo) + popcount(hi & xHi));
  }
}

/**
 * One number for player `me` from per-player values: own value minus the best opponent's
 * (misere: the lowest opponent's minus own). A single player just maximises (or minimises) its own.
 */
export function relativeValue(values: Float64Array, players: number, me: number, misere: boolean): number {
  if (players === 1) return misere ? -values[0] : values[0];
  let other = misere ? Infinity : -Infinity;
  for (let p = 0; p < players; p++) {
    if (p === me) continue;
    if (misere ? values[p] < other : values[p] > other) other = values[p];
  }
  return misere ? other - values[me] : values[me] - other;
}
