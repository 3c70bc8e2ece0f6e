import { type BoardSize, DIRECTIONS, isPlayable, START_SQUARES } from './geometry';

/**
 * The fast core of the rules: a Rolit position as four colour bitboards, each split into two
 * 32-bit halves (lo: internal squares 0-31, hi: 32-63), plus a mailbox of cell colours for ray
 * walks. Move generation, make and unmake allocate nothing, so search and playouts can run
 * millions of moves. Everything here works on colour indices 0-3 (red, yellow, green, blue)
 * and internal square indices 0-63; names and events live in game.ts.
 *
 * A move is a number: a single placement is its square index (0-63); a Pro double placement
 * is DOUBLE | first << 6 | second, first < second.
 */
export const DOUBLE = 1 << 12;
export const EMPTY = -1;

export function makeDouble(a: number, b: number): number {
  return a < b ? DOUBLE | (a << 6) | b : DOUBLE | (b << 6) | a;
}
export function isDouble(move: number): boolean {
  return (move & DOUBLE) !== 0;
}
export function doubleFirst(move: number): number {
  return (move >> 6) & 63;
}
export function doubleSecond(move: number): number {
  return move & 63;
}

/** Largest possible number of legal moves (singles plus Pro doubles) in one position. */
export const MAX_MOVES = 512;

// Shift amount of each direction of DIRECTIONS in internal index space, and the mask that
// removes squares that wrapped around the board edge (column a after an eastward shift,
// column h after a westward one).
const NOT_A = ~0x01010101;
const NOT_H = ~0x80808080 | 0;
const SHIFTS = DIRECTIONS.map(([dr, dc]) => dr * 8 + dc);
const WRAP_MASKS = DIRECTIONS.map(([, dc]) => (dc === 1 ? NOT_A : dc === -1 ? NOT_H : -1));

interface Geometry {
  playLo: number;
  playHi: number;
  /** rays[(sq * 8 + dir) * 8 + i]: i-th square from sq in dir on the playable board, -1 ends. */
  rays: Int8Array;
  /** neighbours[sq * 8 + i]: playable neighbours of sq, -1 ends. */
  neighbours: Int8Array;
  /** rayLo/rayHi[sq * 8 + dir]: the squares of that ray as a bitboard (halves). */
  rayLo: Int32Array;
  rayHi: Int32Array;
}

const geometries = new Map<BoardSize, Geometry>();

function geometry(size: BoardSize): Geometry {
  let g = geometries.get(size);
  if (g) return g;
  let playLo = 0;
  let playHi = 0;
  const rays = new Int8Array(64 * 8 * 8).fill(-1);
  const neighbours = new Int8Array(64 * 8).fill(-1);
  const rayLo = new Int32Array(64 * 8);
  const rayHi = new Int32Array(64 * 8);
  for (let sq = 0; sq < 64; sq++) {
    if (!isPlayable(size, sq)) continue;
    if (sq < 32) playLo |= 1 << sq;
    else playHi |= 1 << (sq - 32);
    let n = 0;
    for (let d = 0; d < 8; d++) {
      const [dr, dc] = DIRECTIONS[d];
      let r = (sq >> 3) + dr;
      let c = (sq & 7) + dc;
      let i = 0;
      while (r >= 0 && r < 8 && c >= 0 && c < 8 && isPlayable(size, r * 8 + c)) {
        if (i === 0) neighbours[sq * 8 + n++] = r * 8 + c;
        rays[(sq * 8 + d) * 8 + i++] = r * 8 + c;
        if (r < 4) rayLo[sq * 8 + d] |= 1 << (r * 8 + c);
        else rayHi[sq * 8 + d] |= 1 << (r * 8 + c - 32);
        r += dr;
        c += dc;
      }
    }
  }
  g = { playLo, playHi, rays, neighbours, rayLo, rayHi };
  geometries.set(size, g);
  return g;
}

// Zobrist keys (two 32-bit halves) for each square and colour, from a fixed generator so that
// hashes are identical in every process.
const ZOBRIST = (() => {
  const keys = new Int32Array(64 * 4 * 2 + 8);
  let x = 0x2545f491;
  for (let i = 0; i < keys.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    keys[i] = x;
  }
  return keys;
})();
const ZOBRIST_TO_MOVE = 64 * 4 * 2;

/** Number of set bits in a 32-bit integer (a bitboard half). */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** One square of a non-empty bitboard (lo/hi halves), uniformly at random: the n-th set bit for n = random.below(count). */
export function randomSquare(lo: number, hi: number, random: { below(n: number): number }): number {
  const inLo = popcount(lo);
  let r = random.below(inLo + popcount(hi));
  let offset = 0;
  if (r >= inLo) {
    r -= inLo;
    lo = hi;
    offset = 32;
  }
  for (; r > 0; r--) lo &= lo - 1;
  return 31 - Math.clz32(lo & -lo) + offset;
}

export class Position {
  size: BoardSize = 8;
  /** bb[2c], bb[2c + 1]: lo and hi halves of colour c's balls. */
  readonly bb = new Int32Array(8);
  /** Colour index of each internal square, EMPTY where there is no ball. */
  readonly cells = new Int8Array(64).fill(EMPTY);
  /** next[c]: the colour that moves after c (clockwise, colours in play only). */
  readonly next = new Int8Array(4);
  /** Which colours are in play (neutral colours never move). */
  readonly inPlay = new Uint8Array(4);
  toMove = 0;
  empties = 0;
  pro = false;
  hashLo = 0;
  hashHi = 0;

  private playLo = 0;
  private playHi = 0;
  private rays: Int8Array = new Int8Array(0);
  private neighbours: Int8Array = new Int8Array(0);
  private rayLo: Int32Array = new Int32Array(0);
  private rayHi: Int32Array = new Int32Array(0);
  private fillSteps = 5;
  // Unmake stack: per move, (square << 3 | old colour) for each rolled ball, then the placed
  // squares (second is -1 for a single), the rolled count and the previous mover.
  private readonly undo = new Int16Array(64 * 72);
  private sp = 0;
  /** moveMask()'s result. */
  moveLo = 0;
  moveHi = 0;
  // Scratch results of the bitboard generators, and of rolls() for a double.
  private readonly scratch = new Int32Array(64);
  /** randomMove's move list when Pro doubles are legal. */
  private readonly doubles = new Int32Array(MAX_MOVES);
  private resLo = 0;
  private resHi = 0;

  /** The start position: four balls in the centre, `first` to move. */
  static start(size: BoardSize, colours: readonly number[], first: number, pro = false): Position {
    const p = new Position();
    p.reset(size, colours, first, pro);
    return p;
  }

  reset(size: BoardSize, colours: readonly number[], first: number, pro: boolean): void {
    const cells = new Int8Array(64).fill(EMPTY);
    START_SQUARES.forEach((sq, colour) => (cells[sq] = colour));
    this.load(size, colours, cells, first, pro);
  }

  /** Sets up any position from a mailbox of colours (EMPTY for none). */
  load(size: BoardSize, colours: readonly number[], cells: ArrayLike<number>, toMove: number, pro: boolean): void {
    const g = geometry(size);
    this.size = size;
    this.playLo = g.playLo;
    this.playHi = g.playHi;
    this.rays = g.rays;
    this.neighbours = g.neighbours;
    this.rayLo = g.rayLo;
    this.rayHi = g.rayHi;
    this.fillSteps = size - 3;
    this.pro = pro;
    this.inPlay.fill(0);
    for (const c of colours) this.inPlay[c] = 1;
    for (let c = 0; c < 4; c++) {
      let n = (c + 1) & 3;
      while (!this.inPlay[n]) n = (n + 1) & 3;
      this.next[c] = n;
    }
    this.bb.fill(0);
    this.cells.fill(EMPTY);
    this.hashLo = 0;
    this.hashHi = 0;
    this.empties = size * size;
    for (let sq = 0; sq < 64; sq++) {
      const c = cells[sq];
      if (c === EMPTY || !isPlayable(size, sq)) continue;
      this.setBall(sq, c);
      this.empties--;
    }
    this.toMove = toMove;
    this.hashLo ^= ZOBRIST[ZOBRIST_TO_MOVE + toMove];
    this.sp = 0;
  }

  copyFrom(o: Position): void {
    if (this.rays !== o.rays) {
      this.rays = o.rays;
      this.neighbours = o.neighbours;
      this.rayLo = o.rayLo;
      this.rayHi = o.rayHi;
    }
    this.size = o.size;
    this.playLo = o.playLo;
    this.playHi = o.playHi;
    this.fillSteps = o.fillSteps;
    this.pro = o.pro;
    this.bb.set(o.bb);
    this.cells.set(o.cells);
    this.next.set(o.next);
    this.inPlay.set(o.inPlay);
    this.toMove = o.toMove;
    this.empties = o.empties;
    this.hashLo = o.hashLo;
    this.hashHi = o.hashHi;
    this.sp = 0;
  }

  clone(): Position {
    const p = new Position();
    p.copyFrom(this);
    return p;
  }

  get over(): boolean {
    return this.empties === 0;
  }

  /** Number of balls showing colour c. */
  count(c: number): number {
    return popcount(this.bb[2 * c]) + popcount(this.bb[2 * c + 1]);
  }

  /** Moves made since load/copy that can be unmade. */
  get ply(): number {
    return this.sp;
  }

  private setBall(sq: number, c: number): void {
    this.cells[sq] = c;
    if (sq < 32) this.bb[2 * c] |= 1 << sq;
    else this.bb[2 * c + 1] |= 1 << (sq - 32);
    const z = (sq * 4 + c) * 2;
    this.hashLo ^= ZOBRIST[z];
    this.hashHi ^= ZOBRIST[z + 1];
  }

  private clearBall(sq: number, c: number): void {
    this.cells[sq] = EMPTY;
    if (sq < 32) this.bb[2 * c] &= ~(1 << sq);
    else this.bb[2 * c + 1] &= ~(1 << (sq - 32));
    const z = (sq * 4 + c) * 2;
    this.hashLo ^= ZOBRIST[z];
    this.hashHi ^= ZOBRIST[z + 1];
  }

  /** Sets resLo/resHi to the empty squares where colour `mover` captures (Othello fill). */
  private captureSquares(mover: number): void {
    const bb = this.bb;
    const pLo = bb[2 * mover];
    const pHi = bb[2 * mover + 1];
    const occLo = bb[0] | bb[2] | bb[4] | bb[6];
    const occHi = bb[1] | bb[3] | bb[5] | bb[7];
    const oLo = occLo & ~pLo;
    const oHi = occHi & ~pHi;
    const eLo = this.playLo & ~occLo;
    const eHi = this.playHi & ~occHi;
    const steps = this.fillSteps;
    let mLo = 0;
    let mHi = 0;
    let tLo: number;
    let tHi: number;
    let omLo: number;
    let omHi: number;
    // N
    omLo = oLo;
    omHi = oHi;
    tLo = ((pLo >>> 8) | (pHi << 24)) & omLo;
    tHi = (pHi >>> 8) & omHi;
    for (let i = 0; i < steps; i++) {
      tLo |= ((tLo >>> 8) | (tHi << 24)) & omLo;
      tHi |= (tHi >>> 8) & omHi;
    }
    mLo |= ((tLo >>> 8) | (tHi << 24));
    mHi |= (tHi >>> 8);
    // NE
    omLo = oLo & NOT_A;
    omHi = oHi & NOT_A;
    tLo = ((pLo >>> 7) | (pHi << 25)) & omLo;
    tHi = (pHi >>> 7) & omHi;
    for (let i = 0; i < steps; i++) {
      tLo |= ((tLo >>> 7) | (tHi << 25)) & omLo;
      tHi |= (tHi >>> 7) & omHi;
    }
    mLo |= ((tLo >>> 7) | (tHi << 25)) & NOT_A;
    mHi |= (tHi >>> 7) & NOT_A;
    // E
    omLo = oLo & NOT_A;
    omHi = oHi & NOT_A;
    tLo = (pLo << 1) & omLo;
    tHi = (pHi << 1) & omHi;
    for (let i = 0; i < steps; i++) {
      tLo |= (tLo << 1) & omLo;
      tHi |= (tHi << 1) & omHi;
    }
    mLo |= (tLo << 1) & NOT_A;
    mHi |= (tHi << 1) & NOT_A;
    // SE
    omLo = oLo & NOT_A;
    omHi = oHi & NOT_A;
    tLo = (pLo << 9) & omLo;
    tHi = ((pHi << 9) | (pLo >>> 23)) & omHi;
    for (let i = 0; i < steps; i++) {
      tHi |= ((tHi << 9) | (tLo >>> 23)) & omHi;
      tLo |= (tLo << 9) & omLo;
    }
    mLo |= (tLo << 9) & NOT_A;
    mHi |= ((tHi << 9) | (tLo >>> 23)) & NOT_A;
    // S
    omLo = oLo;
    omHi = oHi;
    tLo = (pLo << 8) & omLo;
    tHi = ((pHi << 8) | (pLo >>> 24)) & omHi;
    for (let i = 0; i < steps; i++) {
      tHi |= ((tHi << 8) | (tLo >>> 24)) & omHi;
      tLo |= (tLo << 8) & omLo;
    }
    mLo |= (tLo << 8);
    mHi |= ((tHi << 8) | (tLo >>> 24));
    // SW
    omLo = oLo & NOT_H;
    omHi = oHi & NOT_H;
    tLo = (pLo << 7) & omLo;
    tHi = ((pHi << 7) | (pLo >>> 25)) & omHi;
    for (let i = 0; i < steps; i++) {
      tHi |= ((tHi << 7) | (tLo >>> 25)) & omHi;
      tLo |= (tLo << 7) & omLo;
    }
    mLo |= (tLo << 7) & NOT_H;
    mHi |= ((tHi << 7) | (tLo >>> 25)) & NOT_H;
    // W
    omLo = oLo & NOT_H;
    omHi = oHi & NOT_H;
    tLo = (pLo >>> 1) & omLo;
    tHi = (pHi >>> 1) & omHi;
    for (let i = 0; i < steps; i++) {
      tLo |= (tLo >>> 1) & omLo;
      tHi |= (tHi >>> 1) & omHi;
    }
    mLo |= (tLo >>> 1) & NOT_H;
    mHi |= (tHi >>> 1) & NOT_H;
    // NW
    omLo = oLo & NOT_H;
    omHi = oHi & NOT_H;
    tLo = ((pLo >>> 9) | (pHi << 23)) & omLo;
    tHi = (pHi >>> 9) & omHi;
    for (let i = 0; i < steps; i++) {
      tLo |= ((tLo >>> 9) | (tHi << 23)) & omLo;
      tHi |= (tHi >>> 9) & omHi;
    }
    mLo |= ((tLo >>> 9) | (tHi << 23)) & NOT_H;
    mHi |= (tHi >>> 9) & NOT_H;
    this.resLo = mLo & eLo;
    this.resHi = mHi & eHi;
  }

  /** Sets resLo/resHi to the empty squares that touch a ball. */
  private touchingSquares(): void {
    const bb = this.bb;
    const occLo = bb[0] | bb[2] | bb[4] | bb[6];
    const occHi = bb[1] | bb[3] | bb[5] | bb[7];
    let lo = 0;
    let hi = 0;
    for (let d = 0; d < 8; d++) {
      const k = SHIFTS[d];
      const mask = WRAP_MASKS[d];
      if (k > 0) {
        lo |= (occLo << k) & mask;
        hi |= ((occHi << k) | (occLo >>> (32 - k))) & mask;
      } else {
        lo |= ((occLo >>> -k) | (occHi << (32 + k))) & mask;
        hi |= (occHi >>> -k) & mask;
      }
    }
    this.resLo = lo & this.playLo & ~occLo;
    this.resHi = hi & this.playHi & ~occHi;
  }

  /** Whether a ball sits on any of the square's (up to 8) neighbours. */
  touchesBall(sq: number): boolean {
    for (let i = sq * 8; i < sq * 8 + 8 && this.neighbours[i] >= 0; i++) {
      if (this.cells[this.neighbours[i]] !== EMPTY) return true;
    }
    return false;
  }

  /** Whether the colour to move has at least one capturing placement. */
  canCapture(): boolean {
    this.captureSquares(this.toMove);
    return (this.resLo | this.resHi) !== 0;
  }

  /**
   * The legal single placements of the colour to move as a bitboard in moveLo/moveHi (the
   * capturing squares, or else every empty square touching a ball); returns true when Pro
   * doubles are legal as well (then only generate() lists every move).
   */
  moveMask(): boolean {
    this.captureSquares(this.toMove);
    if ((this.resLo | this.resHi) === 0) {
      this.touchingSquares();
      this.moveLo = this.resLo;
      this.moveHi = this.resHi;
      return this.pro;
    }
    this.moveLo = this.resLo;
    this.moveHi = this.resHi;
    return false;
  }

  /**
   * A legal move of the colour to move chosen uniformly at random: the same move as
   * `moves[random.below(n)]` after `n = generate(moves)`, without listing the moves.
   */
  randomMove(random: { below(n: number): number }): number {
    if (this.moveMask()) return this.doubles[random.below(this.generate(this.doubles))];
    return randomSquare(this.moveLo, this.moveHi, random);
  }

  /**
   * Writes the legal moves of the colour to move into `out`, sorted by row then column, Pro
   * doubles after the singles; returns how many. Empty only when the board is full.
   */
  generate(out: Int32Array | number[]): number {
    this.captureSquares(this.toMove);
    if ((this.resLo | this.resHi) === 0) {
      this.touchingSquares();
      const n = this.listSquares(out, 0);
      return this.pro ? this.listDoubles(out, n) : n;
    }
    return this.listSquares(out, 0);
  }

  private listSquares(out: Int32Array | number[], n: number): number {
    let lo = this.resLo;
    let hi = this.resHi;
    while (lo !== 0) {
      const b = lo & -lo;
      out[n++] = 31 - Math.clz32(b);
      lo ^= b;
    }
    while (hi !== 0) {
      const b = hi & -hi;
      out[n++] = 63 - Math.clz32(b);
      hi ^= b;
    }
    return n;
  }

  /**
   * Appends the Pro double placements: two empty squares on one line with an unbroken run of
   * non-mover balls between them. Called only when no capture exists, with out[0..n) holding
   * every touching empty square in board order.
   */
  private listDoubles(out: Int32Array | number[], n: number): number {
    const cells = this.cells;
    const rays = this.rays;
    const mover = this.toMove;
    const start = n;
    for (let i = 0; i < start; i++) {
      const a = out[i];
      const first = n;
      // Only the four directions that run towards higher indices (E, SE, S, SW), so each pair
      // is found once, from its first square.
      for (let d = 2; d <= 5; d++) {
        const base = (a * 8 + d) * 8;
        let run = 0;
        let j = 0;
        for (; j < 8; j++) {
          const sq = rays[base + j];
          if (sq < 0) break;
          const c = cells[sq];
          if (c === EMPTY) {
            if (run > 0) out[n++] = DOUBLE | (a << 6) | sq;
            break;
          }
          if (c === mover) break;
          run++;
        }
      }
      // Keep the pairs of this first square sorted by their second square.
      for (let x = first + 1; x < n; x++) {
        const v = out[x];
        let y = x - 1;
        while (y >= first && out[y] > v) {
          out[y + 1] = out[y];
          y--;
        }
        out[y + 1] = v;
      }
    }
    return n;
  }

  /**
   * Writes the balls a single placement at `sq` by the colour to move would roll, in the order
   * a person rolls them (directions clockwise from north, outward from the new ball); returns
   * how many. For a double, the run between the two balls, outward from the first.
   */
  rolls(move: number, out: Int32Array | number[]): number {
    const cells = this.cells;
    const rays = this.rays;
    const mover = this.toMove;
    let n = 0;
    if (move & DOUBLE) {
      const a = (move >> 6) & 63;
      const b = move & 63;
      for (let d = 2; d <= 5; d++) {
        const base = (a * 8 + d) * 8;
        let j = 0;
        while (j < 8 && rays[base + j] >= 0 && cells[rays[base + j]] !== EMPTY) j++;
        if (j < 8 && rays[base + j] === b) {
          for (let i = 0; i < j; i++) out[n++] = rays[base + i];
          return n;
        }
      }
      return n;
    }
    for (let d = 0; d < 8; d++) {
      const base = (move * 8 + d) * 8;
      let j = 0;
      for (; j < 8; j++) {
        const sq = rays[base + j];
        if (sq < 0) break;
        const c = cells[sq];
        if (c === EMPTY) break;
        if (c === mover) {
          for (let i = 0; i < j; i++) out[n++] = rays[base + i];
          break;
        }
      }
    }
    return n;
  }

  /**
   * The balls a single placement at `sq` by the colour to move rolls, as a bitboard in
   * resLo/resHi: in each direction, the run of other colours' balls up to the nearest ball of
   * the mover's (the ray's first square that is not another colour's ball must be the mover's).
   */
  private flipSquares(sq: number): void {
    const bb = this.bb;
    const mover = this.toMove;
    const ownLo = bb[2 * mover];
    const ownHi = bb[2 * mover + 1];
    // Squares that stop a run: empty or the mover's (rays hold playable squares only).
    const stopLo = ~((bb[0] | bb[2] | bb[4] | bb[6]) & ~ownLo);
    const stopHi = ~((bb[1] | bb[3] | bb[5] | bb[7]) & ~ownHi);
    const rayLo = this.rayLo;
    const rayHi = this.rayHi;
    let fLo = 0;
    let fHi = 0;
    // Directions 2-5 (E, SE, S, SW) run to higher squares: the nearest stop is the lowest bit.
    for (let d = 2; d <= 5; d++) {
      const rLo = rayLo[sq * 8 + d];
      const rHi = rayHi[sq * 8 + d];
      const sLo = rLo & stopLo;
      if (sLo !== 0) {
        const b = sLo & -sLo;
        if (b & ownLo) fLo |= rLo & (b - 1);
        continue;
      }
      const sHi = rHi & stopHi;
      if (sHi !== 0) {
        const b = sHi & -sHi;
        if (b & ownHi) {
          fLo |= rLo;
          fHi |= rHi & (b - 1);
        }
      }
    }
    // Directions 6, 7, 0, 1 (W, NW, N, NE) run to lower squares: the nearest stop is the highest bit.
    for (let k = 0; k < 4; k++) {
      const d = (k + 6) & 7;
      const rLo = rayLo[sq * 8 + d];
      const rHi = rayHi[sq * 8 + d];
      const sHi = rHi & stopHi;
      if (sHi !== 0) {
        const b = 1 << (31 - Math.clz32(sHi));
        if (b & ownHi) fHi |= rHi & ~((b << 1) - 1 | b);
        continue;
      }
      const sLo = rLo & stopLo;
      if (sLo !== 0) {
        const b = 1 << (31 - Math.clz32(sLo));
        if (b & ownLo) {
          fHi |= rHi;
          fLo |= rLo & ~((b << 1) - 1 | b);
        }
      }
    }
    this.resLo = fLo;
    this.resHi = fHi;
  }

  /** Plays a legal move for the colour to move (not checked: see Game for validation). */
  make(move: number): void {
    const mover = this.toMove;
    const first = move & DOUBLE ? (move >> 6) & 63 : move;
    const second = move & DOUBLE ? move & 63 : -1;
    if (second < 0) this.flipSquares(first);
    else this.doubleFlipSquares(first, second);
    const flipLo = this.resLo;
    const flipHi = this.resHi;
    const cells = this.cells;
    const undo = this.undo;
    let sp = this.sp;
    // Each rolled ball: its square and old colour on the undo stack, and the hash updated; the
    // bitboards change at once below.
    let hashLo = this.hashLo;
    let hashHi = this.hashHi;
    let bits = flipLo;
    let offset = 0;
    for (;;) {
      while (bits !== 0) {
        const b = bits & -bits;
        bits ^= b;
        const sq = 31 - Math.clz32(b) + offset;
        const old = cells[sq];
        undo[sp++] = (sq << 3) | old;
        cells[sq] = mover;
        const zOld = (sq * 4 + old) * 2;
        const zNew = (sq * 4 + mover) * 2;
        hashLo ^= ZOBRIST[zOld] ^ ZOBRIST[zNew];
        hashHi ^= ZOBRIST[zOld + 1] ^ ZOBRIST[zNew + 1];
      }
      if (offset === 32) break;
      bits = flipHi;
      offset = 32;
    }
    const rolled = sp - this.sp;
    if (rolled > 0) {
      const bb = this.bb;
      for (let c = 0; c < 8; c += 2) {
        bb[c] &= ~flipLo;
        bb[c + 1] &= ~flipHi;
      }
      bb[2 * mover] |= flipLo;
      bb[2 * mover + 1] |= flipHi;
    }
    this.hashLo = hashLo;
    this.hashHi = hashHi;
    this.setBall(first, mover);
    this.empties--;
    if (second >= 0) {
      this.setBall(second, mover);
      this.empties--;
    }
    undo[sp++] = first;
    undo[sp++] = second;
    undo[sp++] = rolled;
    undo[sp++] = mover;
    this.sp = sp;
    this.hashLo ^= ZOBRIST[ZOBRIST_TO_MOVE + mover];
    this.toMove = this.next[mover];
    this.hashLo ^= ZOBRIST[ZOBRIST_TO_MOVE + this.toMove];
  }

  /**
   * Plays a legal move for a playout, faster than make(): the balls, cells, counts and the
   * colour to move change as in make(), but the hash (hashLo/hashHi) is left stale and nothing
   * goes on the undo stack, so the move cannot be taken back. For playouts that run to the
   * full board from a fresh copyFrom/load and read only the balls.
   */
  playoutMove(move: number): void {
    const mover = this.toMove;
    const first = move & DOUBLE ? (move >> 6) & 63 : move;
    const second = move & DOUBLE ? move & 63 : -1;
    if (second < 0) this.flipSquares(first);
    else this.doubleFlipSquares(first, second);
    const cells = this.cells;
    const bb = this.bb;
    let lo = this.resLo;
    let hi = this.resHi;
    if (second >= 0) {
      if (second < 32) lo |= 1 << second;
      else hi |= 1 << (second - 32);
      this.empties--;
    }
    if (first < 32) lo |= 1 << first;
    else hi |= 1 << (first - 32);
    this.empties--;
    for (let c = 0; c < 8; c += 2) {
      bb[c] &= ~lo;
      bb[c + 1] &= ~hi;
    }
    bb[2 * mover] |= lo;
    bb[2 * mover + 1] |= hi;
    for (let bits = lo; bits !== 0; bits &= bits - 1) cells[31 - Math.clz32(bits & -bits)] = mover;
    for (let bits = hi; bits !== 0; bits &= bits - 1) cells[63 - Math.clz32(bits & -bits)] = mover;
    this.toMove = this.next[mover];
  }

  /** resLo/resHi := the balls a Pro double placement rolls: the run between its two squares. */
  private doubleFlipSquares(a: number, b: number): void {
    let lo = 0;
    let hi = 0;
    const n = this.rolls(DOUBLE | (a << 6) | b, this.scratch);
    for (let i = 0; i < n; i++) {
      const sq = this.scratch[i];
      if (sq < 32) lo |= 1 << sq;
      else hi |= 1 << (sq - 32);
    }
    this.resLo = lo;
    this.resHi = hi;
  }

  /**
   * Lets colour `c` (in play) move next, out of turn, keeping the hash consistent. For searches
   * that let a chosen opponent reply (best-reply search). make() then records `c` as the mover,
   * so unmake() returns to `c` to move: call setToMove again to restore the colour before it.
   */
  setToMove(c: number): void {
    this.hashLo ^= ZOBRIST[ZOBRIST_TO_MOVE + this.toMove];
    this.toMove = c;
    this.hashLo ^= ZOBRIST[ZOBRIST_TO_MOVE + c];
  }

  /** Takes back the last move made with make(). */
  unmake(): void {
    const undo = this.undo;
    let sp = this.sp;
    const mover = undo[--sp];
    const rolled = undo[--sp];
    const b = undo[--sp];
    const a = undo[--sp];
    this.clearBall(a, mover);
    this.empties++;
    if (b >= 0) {
      this.clearBall(b, mover);
      this.empties++;
    }
    for (let i = 0; i < rolled; i++) {
      const v = undo[--sp];
      const sq = v >> 3;
      this.clearBall(sq, mover);
      this.setBall(sq, v & 7);
    }
    this.sp = sp;
    this.hashLo ^= ZOBRIST[ZOBRIST_TO_MOVE + this.toMove];
    this.toMove = mover;
    this.hashLo ^= ZOBRIST[ZOBRIST_TO_MOVE + mover];
  }
}

