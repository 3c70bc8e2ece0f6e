/**
 * Seats first: a room's spectators can never lock out its players. Spectators (and any join that
 * asks for no seat) take places of their own, SPECTATOR_PLACES in a room and the `watchers` limit
 * per address (limits.ts), counted from the seat reservation on (a reservation not used within
 * its time gives its place back). Joins that ask for a seat may have as many reservations of one
 * address waiting at once as the room has seats (a class behind one address takes a table's
 * seats at once), so no one address holds the seats' room with reservations it never uses. The room's client cap is the spectators' places plus four per seat
 * (the person, their return by seat key while the old connection is still there, and claims
 * waiting), so a colour the lobby lists as free can be taken. A dropped player's return holds its
 * own reservation, which the cap never refuses.
 */

/** Spectators one room holds. */
export const SPECTATOR_PLACES = 48;

/** The client cap of a room of `seats` seats. */
export function clientCap(seats: number): number {
  return SPECTATOR_PLACES + 4 * seats;
}

/** Whether join options ask for a seat (a colour, or one's own by its key), rather than to watch. */
export function asksForSeat(options: unknown): boolean {
  return typeof options === 'object' && options !== null && (Object.hasOwn(options, 'colour') || Object.hasOwn(options, 'seatKey'));
}

/** The spectator places of one room, and the seat claims waiting: who holds them, by session, and until when a reservation not yet used holds one. */
export class SpectatorPlaces {
  private readonly places = new Map<string, { address: string; until: number }>();
  private readonly claims = new Map<string, { address: string; until: number }>();

  constructor(
    private readonly perAddress: number,
    private readonly now: () => number = Date.now,
    private readonly total = SPECTATOR_PLACES,
  ) {}

  /** Why a spectator of `address` cannot have a place now, or null. */
  refusal(address: string): string | null {
    this.forgetUnused();
    if (this.places.size >= this.total) return `the table has its ${this.total} spectators`;
    let mine = 0;
    for (const place of this.places.values()) if (place.address === address) mine++;
    if (mine >= this.perAddress) return `at most ${this.perAddress} spectators of one table from one address`;
    return null;
  }

  /** Holds a place for a reservation of `seconds`; false when there is none (refusal says why). */
  reserve(sessionId: string, address: string, seconds: number): boolean {
    if (this.refusal(address) !== null) return false;
    this.places.set(sessionId, { address, until: this.now() + seconds * 1000 });
    return true;
  }

  /** Holds a reservation asking for a seat; false when the address has `most` claims waiting. */
  claim(sessionId: string, address: string, seconds: number, most: number): boolean {
    this.forgetUnused();
    let mine = 0;
    for (const claim of this.claims.values()) if (claim.address === address) mine++;
    if (mine >= most) return false;
    this.claims.set(sessionId, { address, until: this.now() + seconds * 1000 });
    return true;
  }

  /** The client came: a claim is over (seated or refused). */
  arrived(sessionId: string): void {
    this.claims.delete(sessionId);
  }

  /** The spectator joined: the place is theirs until they leave. */
  joined(sessionId: string): void {
    const place = this.places.get(sessionId);
    if (place) place.until = Infinity;
  }

  left(sessionId: string): void {
    this.places.delete(sessionId);
    this.claims.delete(sessionId);
  }

  private forgetUnused(): void {
    const now = this.now();
    for (const held of [this.places, this.claims]) for (const [sessionId, place] of held) if (place.until <= now) held.delete(sessionId);
  }
}

type Reserve = (sessionId: string, options?: unknown, auth?: { address?: string }, seconds?: number, allowReconnection?: boolean, ...rest: unknown[]) => Promise<boolean>;

/**
 * Makes the room's seat reservations (Colyseus' `_reserveSeat`, which every join passes) take a
 * spectator's place for a join that asks for no seat, or a claim for one that asks for a seat,
 * unless `exempt` (a quick-play table's players); one with none left is refused as a full room.
 */
export function reserveSpectatorPlaces(room: { seatReservationTimeout: number }, places: SpectatorPlaces, seats: number, exempt: (sessionId: string) => boolean): void {
  const target = room as unknown as { _reserveSeat: Reserve };
  const reserve = target._reserveSeat.bind(room);
  target._reserveSeat = async (sessionId, options = true, auth, seconds = room.seatReservationTimeout, allowReconnection = false, ...rest) => {
    if (!allowReconnection && !exempt(sessionId)) {
      const address = auth?.address ?? 'unknown';
      if (!(asksForSeat(options) ? places.claim(sessionId, address, seconds, seats) : places.reserve(sessionId, address, seconds))) return false;
    }
    return reserve(sessionId, options, auth, seconds, allowReconnection, ...rest);
  };
}
