import { colourIndex, type Position, type RoundSetup } from '../engine';

/**
 * Who plays which colour, and what counts as winning. Players are numbered 0..players-1; a
 * player's score is the sum of the balls of the colours it owns (team and solo play).
 */
export class Seating {
  /** owners[colour]: player index, or -1 for a neutral colour. */
  readonly owners: Int8Array;
  readonly players: number;
  readonly misere: boolean;
  /** colourMask[p]: bit c set when player p owns colour c. */
  readonly colourMask: Uint8Array;

  constructor(owners: ArrayLike<number>, misere: boolean) {
    if (owners.length !== 4) throw new Error(`owners must give a player (or -1) for each of the 4 colours, not ${owners.length} entries`);
    this.owners = Int8Array.from(owners);
    let players = 0;
    for (const o of this.owners) {
      if (!Number.isInteger(o) || o < -1 || o > 3) throw new Error(`owners entries must be -1 or a player 0-3, not ${o}`);
      players = Math.max(players, o + 1);
    }
    if (players === 0) throw new Error('owners must give at least one colour a player');
    this.players = players;
    this.misere = misere;
    this.colourMask = new Uint8Array(4);
    for (let c = 0; c < 4; c++) if (this.owners[c] >= 0) this.colourMask[this.owners[c]] |= 1 << c;
  }

  /** Every colour in play is its own player, in colour order. */
  static standard(position: Position, misere = false): Seating {
    const owners = [-1, -1, -1, -1];
    let p = 0;
    for (let c = 0; c < 4; c++) if (position.inPlay[c]) owners[c] = p++;
    return new Seating(owners, misere);
  }

  /** From the options, checking that every colour in play has a player. */
  static of(position: Position, owners: ArrayLike<number> | undefined, misere: boolean | undefined): Seating {
    if (!owners) return Seating.standard(position, misere ?? false);
    const seating = new Seating(owners, misere ?? false);
    for (let c = 0; c < 4; c++) {
      if (position.inPlay[c] && seating.owners[c] < 0) throw new Error(`colour ${c} is in play but owners gives it no player`);
    }
    return seating;
  }

  /** Balls of player p. */
  score(position: Position, p: number): number {
    let s = 0;
    for (let c = 0; c < 4; c++) if (this.owners[c] === p) s += position.count(c);
    return s;
  }

  /**
   * Win shares of a finished (or any) position into out[0..players): 1 for a sole winner, 1/k
   * for each of k tied winners. A single player (solo) gets its share of the board instead,
   * (1 - share in misere), since it always "wins".
   */
  outcome(position: Position, out: Float64Array): void {
    const n = this.players;
    if (n === 1) {
      const share = this.score(position, 0) / (position.size * position.size);
      out[0] = this.misere ? 1 - share : share;
      return;
    }
    let best = this.misere ? 1e9 : -1;
    for (let p = 0; p < n; p++) {
      const s = this.score(position, p);
      out[p] = s;
      if (this.misere ? s < best : s > best) best = s;
    }
    let winners = 0;
    for (let p = 0; p < n; p++) if (out[p] === best) winners++;
    for (let p = 0; p < n; p++) out[p] = out[p] === best ? 1 / winners : 0;
  }
}

/** owners[] for a round's setup: each seat owns the colours it plays (team, solo). */
export function ownersFromSetup(setup: Pick<RoundSetup, 'players'>): number[] {
  const owners = [-1, -1, -1, -1];
  setup.players.forEach((colours, seat) => {
    for (const c of colours) owners[colourIndex(c)] = seat;
  });
  return owners;
}
