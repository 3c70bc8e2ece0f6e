/**
 * The game's seeded random source: sfc32, a small fast generator with a 128-bit state,
 * so the same seed gives the same throws on every machine and in every JS engine.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A whole number in [0, n). */
  below(n: number): number {
    return Math.floor((this.nextUint32() / 4294967296) * n);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }
}

/** A seed from the clock, for games started without one. Always a 32-bit unsigned integer. */
export function freshSeed(): number {
  return (Date.now() ^ Math.floor(Math.random() * 4294967296)) >>> 0;
}
