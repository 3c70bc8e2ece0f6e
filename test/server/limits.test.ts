/** The limits per client address (src/server/front/limits.ts) on a fake clock, and the address a request is counted by. */
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress, ClientLimiter, DEFAULT_LIMITS, NO_LIMITS, parseLimits, trustedProxies } from '../../src/server/front/limits';

function limiter(limits = DEFAULT_LIMITS) {
  const clock = { ms: 0 };
  return { clock, limiter: new ClientLimiter(limits, () => clock.ms) };
}

describe('ClientLimiter', () => {
  it('refuses an address its next room once it has its rooms open, and frees one when a room closes', () => {
    const { limiter: l } = limiter({ ...DEFAULT_LIMITS, rooms: 3 });
    const tickets = [0, 1, 2].map(() => l.reserveRoom('1.2.3.4'));
    // Creates under way count: three at once fill the allowance before any room exists.
    expect(l.reserveRoom('1.2.3.4')).toMatchObject({ code: 'tooManyRooms' });
    tickets.forEach((t, i) => l.roomOpened((t as { ticket: string }).ticket, `ROOM${i}`));
    expect(l.roomsOf('1.2.3.4')).toEqual(['ROOM0', 'ROOM1', 'ROOM2']);
    expect(l.reserveRoom('1.2.3.4')).toMatchObject({ code: 'tooManyRooms', text: expect.stringContaining('at most 3 open rooms') });
    // Another address is not affected.
    expect(l.reserveRoom('5.6.7.8')).toHaveProperty('ticket');
    l.roomClosed('ROOM1');
    const again = l.reserveRoom('1.2.3.4');
    expect(again).toHaveProperty('ticket');
    // A create that failed gives its place back.
    l.roomClosed((again as { ticket: string }).ticket);
    expect(l.reserveRoom('1.2.3.4')).toHaveProperty('ticket');
  });

  it('does not count a room found by joinOrCreate against the joiner', () => {
    const { limiter: l } = limiter({ ...DEFAULT_LIMITS, rooms: 1 });
    l.roomOpened((l.reserveRoom('a') as { ticket: string }).ticket, 'ROOM');
    l.roomOpened((l.reserveRoom('b') as { ticket: string }).ticket, 'ROOM');
    expect(l.roomsOf('a')).toEqual(['ROOM']);
    expect(l.roomsOf('b')).toEqual([]);
  });

  it('allows a burst of creates and joins, then one per minute per allowance', () => {
    const { clock, limiter: l } = limiter({ ...DEFAULT_LIMITS, joinsPerMinute: 6 });
    for (let i = 0; i < 6; i++) expect(l.takeJoin('a')).toBeNull();
    expect(l.takeJoin('a')).toMatchObject({ code: 'tooManyJoins' });
    expect(l.takeJoin('b')).toBeNull();
    clock.ms += 9_999; // 6 a minute: one every 10 s
    expect(l.takeJoin('a')).toMatchObject({ code: 'tooManyJoins' });
    clock.ms += 1;
    expect(l.takeJoin('a')).toBeNull();
    expect(l.takeJoin('a')).toMatchObject({ code: 'tooManyJoins' });
    clock.ms += 60_000;
    for (let i = 0; i < 6; i++) expect(l.takeJoin('a')).toBeNull();
    expect(l.takeJoin('a')).not.toBeNull();
  });

  it('counts only wrong guesses of room codes, and refuses the next joinById when they are spent', () => {
    const { clock, limiter: l } = limiter({ ...DEFAULT_LIMITS, guessesPerMinute: 2 });
    expect(l.guessesLeft('a')).toBeNull();
    l.wrongGuess('a');
    expect(l.guessesLeft('a')).toBeNull();
    l.wrongGuess('a');
    expect(l.guessesLeft('a')).toMatchObject({ code: 'tooManyGuesses' });
    expect(l.guessesLeft('b')).toBeNull();
    clock.ms += 30_000;
    expect(l.guessesLeft('a')).toBeNull();
  });

  it('shuts out an address kicked for flooding for the cool-down, then lets it back', () => {
    const { clock, limiter: l } = limiter({ ...DEFAULT_LIMITS, coolDownSeconds: 300 });
    expect(l.coolingDown('a')).toBeNull();
    l.kicked('a');
    expect(l.coolingDown('a')).toMatchObject({ code: 'coolingDown', text: expect.stringContaining('300 s') });
    expect(l.coolingDown('b')).toBeNull();
    clock.ms += 299_500;
    expect(l.coolingDown('a')).toMatchObject({ text: expect.stringContaining('1 s') });
    clock.ms += 500;
    expect(l.coolingDown('a')).toBeNull();
  });

  it('forgets full buckets and cool-downs that are over, and keeps the rest', () => {
    const { clock, limiter: l } = limiter({ ...DEFAULT_LIMITS, joinsPerMinute: 2, coolDownSeconds: 10 });
    l.takeJoin('a');
    l.takeJoin('a');
    l.takeJoin('b');
    l.kicked('c');
    clock.ms += 30_000;
    l.prune();
    const internals = l as unknown as { joins: { buckets: Map<string, unknown> }; coolDowns: Map<string, unknown> };
    // b's one join came back in 30 s; a's two not yet.
    expect([...internals.joins.buckets.keys()]).toEqual(['a']);
    expect(internals.coolDowns.size).toBe(0);
    expect(l.takeJoin('a')).toBeNull();
    expect(l.takeJoin('a')).not.toBeNull();
  });

  it('allows an address its reads of the minute, then refuses them saying when the next comes back', () => {
    const { clock, limiter: l } = limiter({ ...DEFAULT_LIMITS, readsPerMinute: 2 });
    expect(l.takeRead('a')).toBeNull();
    expect(l.takeRead('a')).toBeNull();
    expect(l.takeRead('a')).toEqual({ code: 'tooManyReads', text: 'at most 2 list and player requests a minute from one address', retrySeconds: 30 });
    expect(l.takeRead('b')).toBeNull();
    clock.ms += 30_000;
    expect(l.takeRead('a')).toBeNull();
  });

  it('counts each player key of an address once an hour, and refuses a new one past the hour\'s keys', () => {
    const { clock, limiter: l } = limiter({ ...DEFAULT_LIMITS, keysPerHour: 2 });
    expect(l.takeKey('a', 'k1')).toBeNull();
    clock.ms += 1_800_000;
    expect(l.takeKey('a', 'k2')).toBeNull();
    expect(l.takeKey('a', 'k1')).toBeNull();
    expect(l.takeKey('a', 'k3')).toEqual({ code: 'tooManyKeys', text: 'at most 2 player keys an hour from one address' });
    expect(l.takeKey('b', 'k3')).toBeNull();
    // An hour after k1 was first used it is counted no more; k2's hour has not passed.
    clock.ms += 1_800_000;
    expect(l.takeKey('a', 'k3')).toBeNull();
    expect(l.takeKey('a', 'k4')).toEqual(expect.objectContaining({ code: 'tooManyKeys' }));
    l.prune();
    expect((l as unknown as { keys: Map<string, Map<string, number>> }).keys.get('a')?.size).toBe(2);
  });

  it('takes a rated round from each person\'s key and each address once, all or nothing', () => {
    const { clock, limiter: l } = limiter({ ...DEFAULT_LIMITS, keyRatedPerHour: 2, ratedPerHour: 3 });
    const ann = { name: 'Ann', playerId: 'ann', address: 'a' };
    const bob = { name: 'Bob', playerId: 'bob', address: 'a' };
    expect(l.takeRound('h', [ann, bob])).toBeNull();
    expect(l.takeRound('h', [ann])).toBeNull();
    // Ann has had her two: refused, and Cara's address and key keep theirs.
    const cara = { name: 'Cara', playerId: 'cara', address: 'c' };
    expect(l.takeRound('h', [ann, cara])).toEqual({ code: 'tooManyRatedRounds', text: 'Ann has played 2 rated rounds in the last hour', retrySeconds: 1800 });
    expect(l.takeRound('h', [cara])).toBeNull();
    expect(l.takeRound('h', [cara])).toBeNull();
    // Address a has started 2 of its 3; Bob (1 of his 2) and Dan of address a make its third, then a is spent.
    const dan = { name: 'Dan', playerId: 'dan', address: 'a' };
    expect(l.takeRound('h', [bob, dan])).toBeNull();
    expect(l.takeRound('h', [dan])).toMatchObject({ code: 'tooManyRatedRounds', text: 'the players of one address have started 3 rated rounds in the last hour', retrySeconds: 1200 });
    // A person away (no address) counts by key only.
    expect(l.takeRound('h', [{ ...dan, address: null }])).toBeNull();
    clock.ms += 1_200_000;
    expect(l.takeRound('h', [{ name: 'Eve', playerId: 'eve', address: 'a' }])).toBeNull();
  });

  it('takes a round from the host address\'s rounds of the hour, rated or not, and refuses it past them taking nothing', () => {
    const { clock, limiter: l } = limiter({ ...DEFAULT_LIMITS, roundsPerHour: 2, keyRatedPerHour: 5 });
    const ann = { name: 'Ann', playerId: 'ann', address: 'a' };
    expect(l.takeRound('a', null)).toBeNull();
    expect(l.takeRound('a', [ann])).toBeNull();
    expect(l.takeRound('a', [ann])).toEqual({ code: 'tooManyRounds', text: 'at most 2 rounds an hour at the tables of one address', retrySeconds: 1800 });
    // Another host's table: its own rounds, and Ann's third rated round of her five.
    expect(l.takeRound('b', [ann])).toBeNull();
    clock.ms += 1_800_000;
    expect(l.takeRound('a', null)).toBeNull();
  });

  it('limits nothing with NO_LIMITS', () => {
    const { limiter: l } = limiter(NO_LIMITS);
    for (let i = 0; i < 1000; i++) {
      expect(l.takeJoin('a')).toBeNull();
      expect(l.reserveRoom('a')).toHaveProperty('ticket');
      l.wrongGuess('a');
    }
    expect(l.guessesLeft('a')).toBeNull();
    l.kicked('a');
    expect(l.coolingDown('a')).toBeNull();
    for (let i = 0; i < 1000; i++) {
      expect(l.takeRead('a')).toBeNull();
      expect(l.takeKey('a', `k${i}`)).toBeNull();
      expect(l.takeRound('h', [{ name: 'Ann', playerId: 'ann', address: 'a' }])).toBeNull();
    }
  });
});

describe('parseLimits', () => {
  it('reads name=value pairs over the defaults, off, and off for one limit', () => {
    expect(parseLimits('rooms=50, joins=120')).toEqual({ ...DEFAULT_LIMITS, rooms: 50, joinsPerMinute: 120 });
    expect(parseLimits('guesses=off,cooldown=off,searches=2')).toEqual({ ...DEFAULT_LIMITS, guessesPerMinute: Infinity, coolDownSeconds: 0, searches: 2 });
    expect(parseLimits('cooldown=0').coolDownSeconds).toBe(0);
    expect(parseLimits('reads=30,keys=5,rated=off,keyrated=10')).toEqual({ ...DEFAULT_LIMITS, readsPerMinute: 30, keysPerHour: 5, ratedPerHour: Infinity, keyRatedPerHour: 10 });
    expect(parseLimits(' off ')).toEqual(NO_LIMITS);
  });

  it('says which pair is wrong and why', () => {
    expect(() => parseLimits('room=5')).toThrow('"room=5": no limit named "room" (names: rooms, joins, guesses, searches, cooldown, sockets, watchers, reads, keys, rounds, rated, keyrated)');
    expect(() => parseLimits('rooms=0')).toThrow('rooms must be a whole number >= 1, or off');
    expect(() => parseLimits('joins=1.5')).toThrow('"joins=1.5": joins must be a whole number');
    expect(() => parseLimits('joins=-1')).toThrow('whole number');
    expect(() => parseLimits('rooms')).toThrow('expected name=value');
    expect(() => parseLimits('rooms=1=2')).toThrow('expected name=value');
    expect(() => parseLimits('')).toThrow('expected name=value');
  });
});

describe('the address a client is counted by', () => {
  const proxies = trustedProxies('127.0.0.1, 10.0.0.0/8, fd00::/8');

  it('is the socket peer unless the peer is a trusted proxy', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', null)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', '198.51.100.1', proxies)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:127.0.0.1', undefined, proxies)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
  });

  it('walks X-Forwarded-For from the right past trusted proxies only', () => {
    // The client may write anything on the left: the first untrusted hop from the right counts.
    expect(clientAddress('127.0.0.1', '1.1.1.1, 198.51.100.1, 10.1.2.3', proxies)).toBe('198.51.100.1');
    expect(clientAddress('127.0.0.1', ['1.1.1.1', '198.51.100.1, 10.1.2.3'], proxies)).toBe('198.51.100.1');
    // Every hop a proxy: the farthest.
    expect(clientAddress('127.0.0.1', '10.0.0.5, 10.0.0.6', proxies)).toBe('10.0.0.5');
    // Garbage stops the walk: the last address before it counts.
    expect(clientAddress('127.0.0.1', '198.51.100.1, not-an-address', proxies)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'x, 198.51.100.7', proxies)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', '', proxies)).toBe('127.0.0.1');
  });

  it('counts IPv6 clients by their /64 network', () => {
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:DB8:0:1:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fd00::1', '2001:db8:0:2::99', proxies)).toBe('2001:db8:0:2::/64');
    expect(addressKey('')).toBe('unknown');
  });

  it('refuses a bad --trust-proxy entry', () => {
    expect(() => trustedProxies('10.0.0.0/33')).toThrow('"10.0.0.0/33": expected an IP address or a network');
    expect(() => trustedProxies('proxy.local')).toThrow('"proxy.local"');
    expect(() => trustedProxies('10.0.0.0/8/1')).toThrow('expected an IP address');
  });
});
