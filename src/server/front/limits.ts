/**
 * Limits per client address (docs/online.md, Limits): how many rooms one address keeps open, how
 * often it may create and join, how many room codes it may guess wrong, the cool-down of an
 * address kicked for flooding, how often it may read the database over HTTP, and what it may add
 * to the database: player keys, rounds, and rated rounds (per address and per key). Pure bookkeeping on a
 * clock it is given; admission.ts applies it to the matchmaker and the WebSocket upgrades,
 * reads.ts to the HTTP requests, the room to its rated rounds.
 */
import { BlockList, isIP } from 'node:net';
import type { LimitCode } from '../../wire/contract';

export interface ClientLimits {
  /** Rooms an address created that are open at once. */
  rooms: number;
  /** Creates and joins an address may make per minute (bursts of as many). */
  joinsPerMinute: number;
  /** `joinById` of a code that names no room, per minute per address. */
  guessesPerMinute: number;
  /** Computer searches of the rooms an address created that run at once (computerPool.ts); undefined: the threads less one, at least 1. */
  searches?: number;
  /** Seconds an address kicked for flooding (close 4002) may not reconnect, create or join; 0 for none. */
  coolDownSeconds: number;
  /** Sockets (HTTP and WebSocket together) an address holds open at once (connections.ts). */
  sockets: number;
  /** Spectators an address has in one room (seating.ts). */
  watchers: number;
  /** Requests that read the database (lists, records, players) an address may make per minute (bursts of as many). */
  readsPerMinute: number;
  /** Player keys (each counted once an hour) an address may create or join with per hour: new players it may bring. */
  keysPerHour: number;
  /** Rounds (rated or not) the tables an address hosts may start per hour. */
  roundsPerHour: number;
  /** Rated rounds an address's players may start per hour. */
  ratedPerHour: number;
  /** Rated rounds one player key may start per hour, from any address. */
  keyRatedPerHour: number;
}

/**
 * Generous for a classroom behind one address: 30 pages, each with its room's WebSocket and a
 * browser's few HTTP connections, stay under `sockets`; a class can watch one table.
 */
export const DEFAULT_LIMITS: ClientLimits = {
  rooms: 20, joinsPerMinute: 60, guessesPerMinute: 20, coolDownSeconds: 300, sockets: 128, watchers: 16, readsPerMinute: 120, keysPerHour: 60, roundsPerHour: 240, ratedPerHour: 120, keyRatedPerHour: 30,
};

/** No limit at all (`--limits off`): for load measurements and tests from one address. */
export const NO_LIMITS: ClientLimits = {
  rooms: Infinity, joinsPerMinute: Infinity, guessesPerMinute: Infinity, searches: Infinity, coolDownSeconds: 0, sockets: Infinity, watchers: Infinity,
  readsPerMinute: Infinity, keysPerHour: Infinity, roundsPerHour: Infinity, ratedPerHour: Infinity, keyRatedPerHour: Infinity,
};

/** The names `--limits` takes, and the key each sets. */
const LIMIT_NAMES = {
  rooms: 'rooms', joins: 'joinsPerMinute', guesses: 'guessesPerMinute', searches: 'searches', cooldown: 'coolDownSeconds', sockets: 'sockets', watchers: 'watchers',
  reads: 'readsPerMinute', keys: 'keysPerHour', rounds: 'roundsPerHour', rated: 'ratedPerHour', keyrated: 'keyRatedPerHour',
} as const;

/**
 * The limits a `--limits` text asks for: `off`, or `name=value` pairs separated by commas
 * (`rooms=50,joins=120`), each value a whole number or `off`; the limits not named keep `base`.
 * Throws an Error saying which pair is wrong and why.
 */
export function parseLimits(text: string, base: ClientLimits = DEFAULT_LIMITS): ClientLimits {
  const spec = text.trim();
  if (spec === 'off') return { ...NO_LIMITS };
  const limits = { ...base };
  const names = Object.keys(LIMIT_NAMES).join(', ');
  for (const pair of spec.split(',')) {
    const [name, value, extra] = pair.split('=').map((s) => s.trim());
    if (value === undefined || extra !== undefined) throw new Error(`"${pair}": expected name=value (names: ${names}), or off`);
    if (!(name in LIMIT_NAMES)) throw new Error(`"${pair}": no limit named "${name}" (names: ${names})`);
    const key = LIMIT_NAMES[name as keyof typeof LIMIT_NAMES];
    const lowest = key === 'coolDownSeconds' ? 0 : 1;
    if (value === 'off') limits[key] = key === 'coolDownSeconds' ? 0 : Infinity;
    else if (/^\d+$/.test(value) && Number(value) >= lowest) limits[key] = Number(value);
    else throw new Error(`"${pair}": ${name} must be a whole number >= ${lowest}, or off`);
  }
  return limits;
}

/** A refused request: the code (contract.ts LIMIT_CODES) and what to tell the client. */
export interface LimitRefusal {
  code: LimitCode;
  text: string;
}

/** A refused round: whose allowance is spent (the host's address's rounds, or rated rounds), and what to tell the host. */
export interface RoundRefusal {
  code: 'tooManyRounds' | 'tooManyRatedRounds';
  text: string;
  /** Seconds until the next such round is allowed. */
  retrySeconds: number;
}

/** A person at a rated table: their player key's public id and, while connected, their address. */
export interface RatedPerson {
  name: string;
  playerId: string;
  address: string | null;
}

const HOUR_MS = 3_600_000;

/** Prefix of the placeholder of a create under way, which no room code has. */
const TICKET = '\0create ';

/**
 * A token bucket: holds `capacity` tokens at most, refilled continuously at `perSecond`; each
 * thing counted takes one. Over any span of T seconds it lets through at most
 * `capacity + perSecond * T`, wherever the span starts (no window edge to slip across).
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly now: () => number,
  ) {
    this.tokens = capacity;
    this.at = now();
  }

  /** The tokens now (refilled since the last look). */
  level(): number {
    if (this.capacity === Infinity) return Infinity;
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    return this.tokens;
  }

  /** Takes a token, or says there is none (and takes nothing). */
  take(): boolean {
    if (this.level() < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Seconds until a token is back (0 when there is one). */
  secondsToNext(): number {
    return Math.max(0, Math.ceil((1 - this.level()) / this.perSecond));
  }
}

/**
 * Token buckets by key (a client address, a room's client), all of one allowance: each is made
 * full on its key's first use, and forgotten by prune() once full again (nothing left to limit).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly now: () => number,
  ) {}

  /** `key`'s bucket. */
  of(key: string): TokenBucket {
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new TokenBucket(this.capacity, this.perSecond, this.now)));
    return bucket;
  }

  /** Whether `key` has a bucket now (one not yet forgotten). */
  has(key: string): boolean {
    return this.buckets.has(key);
  }

  forget(key: string): void {
    this.buckets.delete(key);
  }

  /** Forgets the full buckets (keeps memory bounded). */
  prune(): void {
    for (const [key, bucket] of this.buckets) if (bucket.level() >= bucket.capacity) this.buckets.delete(key);
  }
}

/** The bookkeeping of every address's limits; `now` gives milliseconds. */
export class ClientLimiter {
  /** Creates and joins, and wrong room codes, by address: allowances a minute (as many in a burst, refilled over the minute). */
  private readonly joins: TokenBuckets;
  private readonly guesses: TokenBuckets;
  /** Open rooms (and creates under way, as pending tickets) by creator's address. */
  private readonly rooms = new Map<string, Set<string>>();
  private readonly roomOwner = new Map<string, string>();
  private readonly coolDowns = new Map<string, number>();
  private nextTicket = 0;
  /** Database reads by address, a minute's allowance. */
  private readonly reads: TokenBuckets;
  /** Rounds by host's address, and rated rounds by address and by player id, an hour's allowance. */
  private readonly rounds: TokenBuckets;
  private readonly rated: TokenBuckets;
  private readonly keyRated: TokenBuckets;
  /** The player keys (their ids) each address used in the last hour, with when it first did. */
  private readonly keys = new Map<string, Map<string, number>>();

  constructor(
    readonly limits: ClientLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.joins = new TokenBuckets(limits.joinsPerMinute, limits.joinsPerMinute / 60, now);
    this.guesses = new TokenBuckets(limits.guessesPerMinute, limits.guessesPerMinute / 60, now);
    this.reads = new TokenBuckets(limits.readsPerMinute, limits.readsPerMinute / 60, now);
    this.rounds = new TokenBuckets(limits.roundsPerHour, limits.roundsPerHour / 3600, now);
    this.rated = new TokenBuckets(limits.ratedPerHour, limits.ratedPerHour / 3600, now);
    this.keyRated = new TokenBuckets(limits.keyRatedPerHour, limits.keyRatedPerHour / 3600, now);
  }

  /** Takes one of the address's database reads of this minute, or refuses. */
  takeRead(address: string): (LimitRefusal & { retrySeconds: number }) | null {
    const bucket = this.reads.of(address);
    if (bucket.take()) return null;
    return { code: 'tooManyReads', text: `at most ${this.limits.readsPerMinute} list and player requests a minute from one address`, retrySeconds: bucket.secondsToNext() };
  }

  /**
   * Counts the player key of a create or join (its public id) against the address's keys of the
   * hour, or refuses a key the address has not used within the hour once it has used its keys.
   */
  takeKey(address: string, playerId: string): LimitRefusal | null {
    const now = this.now();
    const used = this.keys.get(address) ?? new Map<string, number>();
    for (const [id, at] of used) if (now - at >= HOUR_MS) used.delete(id);
    if (!used.has(playerId)) {
      if (used.size >= this.limits.keysPerHour) return { code: 'tooManyKeys', text: `at most ${this.limits.keysPerHour} player keys an hour from one address` };
      used.set(playerId, now);
    }
    this.keys.set(address, used);
    return null;
  }

  /**
   * Takes a round from the allowance of the host's address and, for a rated round (`rated`: its
   * people with keys), a rated round from each person's key and each of their addresses (once an
   * address); or refuses, taking nothing, naming whose allowance is spent.
   */
  takeRound(host: string, rated: readonly RatedPerson[] | null): RoundRefusal | null {
    const rounds = this.rounds.of(host);
    if (rounds.level() < 1) return { code: 'tooManyRounds', text: `at most ${this.limits.roundsPerHour} rounds an hour at the tables of one address`, retrySeconds: rounds.secondsToNext() };
    const people = rated ?? [];
    const addresses = [...new Set(people.flatMap((p) => (p.address === null ? [] : [p.address])))];
    for (const person of people) {
      const bucket = this.keyRated.of(person.playerId);
      if (bucket.level() < 1) return { code: 'tooManyRatedRounds', text: `${person.name} has played ${this.limits.keyRatedPerHour} rated rounds in the last hour`, retrySeconds: bucket.secondsToNext() };
    }
    for (const address of addresses) {
      const bucket = this.rated.of(address);
      if (bucket.level() < 1) return { code: 'tooManyRatedRounds', text: `the players of one address have started ${this.limits.ratedPerHour} rated rounds in the last hour`, retrySeconds: bucket.secondsToNext() };
    }
    rounds.take();
    for (const person of people) this.keyRated.of(person.playerId).take();
    for (const address of addresses) this.rated.of(address).take();
    return null;
  }

  /** The refusal of an address that is cooling down after a flood, or null. */
  coolingDown(address: string): LimitRefusal | null {
    const until = this.coolDowns.get(address);
    if (until === undefined) return null;
    const left = until - this.now();
    if (left <= 0) {
      this.coolDowns.delete(address);
      return null;
    }
    return { code: 'coolingDown', text: `disconnected for flooding: come back in ${Math.ceil(left / 1000)} s` };
  }

  /** The address flooded a room and was kicked: it is shut out for the cool-down. */
  kicked(address: string): void {
    if (this.limits.coolDownSeconds > 0) this.coolDowns.set(address, this.now() + this.limits.coolDownSeconds * 1000);
  }

  /** Takes one of the address's creates and joins of this minute, or refuses. */
  takeJoin(address: string): LimitRefusal | null {
    if (this.joins.of(address).take()) return null;
    return { code: 'tooManyJoins', text: `at most ${this.limits.joinsPerMinute} creates and joins a minute from one address` };
  }

  /** Refuses a `joinById` when the address has no wrong guesses left this minute (a guess is spent by `wrongGuess`). */
  guessesLeft(address: string): LimitRefusal | null {
    if (this.guesses.of(address).level() >= 1) return null;
    return { code: 'tooManyGuesses', text: `at most ${this.limits.guessesPerMinute} room codes that name no room a minute from one address` };
  }

  /** The address asked for a room code that names no room. */
  wrongGuess(address: string): void {
    this.guesses.of(address).take();
  }

  /** The rooms the address has open (not the creates under way). */
  roomsOf(address: string): string[] {
    return [...(this.rooms.get(address) ?? [])].filter((id) => !id.startsWith(TICKET));
  }

  /**
   * Holds a room for a create under way, or refuses when the address has its rooms open. Give
   * the ticket to `roomOpened` once the room exists, or to `roomClosed` if the create failed.
   */
  reserveRoom(address: string): { ticket: string } | LimitRefusal {
    const open = this.rooms.get(address) ?? new Set<string>();
    if (open.size >= this.limits.rooms) return { code: 'tooManyRooms', text: `at most ${this.limits.rooms} open rooms created from one address: leave one first` };
    const ticket = `${TICKET}${this.nextTicket++}`;
    open.add(ticket);
    this.rooms.set(address, open);
    this.roomOwner.set(ticket, address);
    return { ticket };
  }

  /** The create of `ticket` made room `roomId`. */
  roomOpened(ticket: string, roomId: string): void {
    const address = this.roomOwner.get(ticket);
    if (address === undefined) return;
    this.roomClosed(ticket);
    // A joinOrCreate that found a room: it is its creator's, not this address's.
    if (this.roomOwner.has(roomId)) return;
    const open = this.rooms.get(address) ?? new Set<string>();
    open.add(roomId);
    this.rooms.set(address, open);
    this.roomOwner.set(roomId, address);
  }

  /** A room closed (or a create failed): its address may open another. */
  roomClosed(roomIdOrTicket: string): void {
    const address = this.roomOwner.get(roomIdOrTicket);
    if (address === undefined) return;
    this.roomOwner.delete(roomIdOrTicket);
    const open = this.rooms.get(address);
    open?.delete(roomIdOrTicket);
    if (open?.size === 0) this.rooms.delete(address);
  }

  /** Forgets what no longer limits anyone: full buckets and cool-downs over (keeps memory bounded). */
  prune(): void {
    const now = this.now();
    this.joins.prune();
    this.guesses.prune();
    this.reads.prune();
    this.rounds.prune();
    this.rated.prune();
    this.keyRated.prune();
    for (const [address, until] of this.coolDowns) if (until <= now) this.coolDowns.delete(address);
    for (const [address, used] of this.keys) {
      for (const [id, at] of used) if (now - at >= HOUR_MS) used.delete(id);
      if (used.size === 0) this.keys.delete(address);
    }
  }
}

/**
 * The address a client is counted by: the socket's peer, or, when the peer is a trusted proxy,
 * the last address of `X-Forwarded-For` that is not a trusted proxy itself (the one the nearest
 * trusted proxy saw). IPv6 clients are counted by their /64 network, which one subscriber holds
 * whole; IPv4 addresses written as IPv6 (`::ffff:a.b.c.d`) as IPv4.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: BlockList | null): string {
  let address = plain(peer ?? '');
  if (trusted && forwardedFor !== undefined && isTrusted(trusted, address)) {
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((hop) => plain(hop.trim()));
    for (let i = hops.length - 1; i >= 0; i--) {
      // A hop that is no address: the header is garbled from there on, so the last good hop counts.
      if (isIP(hops[i]) === 0) break;
      address = hops[i];
      if (!isTrusted(trusted, address)) break;
    }
  }
  return addressKey(address);
}

/** The trusted proxies of `--trust-proxy`: addresses and CIDR networks, comma-separated. Throws on a bad entry. */
export function trustedProxies(list: string): BlockList {
  const trusted = new BlockList();
  for (const entry of list.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = Number(bits);
    if (family === 0 || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128)))) {
      throw new Error(`"${entry}": expected an IP address or a network such as 10.0.0.0/8`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, prefix, type);
  }
  return trusted;
}

/** Whether a socket's peer is one of the trusted proxies. */
export function isTrustedPeer(trusted: BlockList | null, peer: string | undefined): boolean {
  return trusted !== null && isTrusted(trusted, plain(peer ?? ''));
}

function isTrusted(trusted: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) as IPv4; others as they are. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/** IPv4 as is; IPv6 as its /64 network (`2001:db8:0:1::/64`). */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address || 'unknown';
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
