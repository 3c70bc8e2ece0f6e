/**
 * Limits per client address on a real server: open rooms, creates and joins a minute, wrong room
 * codes, the cool-down after a kick for flooding, X-Forwarded-For only from a trusted proxy, and
 * computer searches shared fairly between addresses. Clients of different addresses come through
 * 127.0.0.1 as a trusted proxy, each naming its address in X-Forwarded-For.
 */
import { Client, type Room } from '@colyseus/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { COOLING_DOWN_ANSWER_MS } from '../../src/server/front/admission';
import { DEFAULT_LIMITS, type ClientLimits } from '../../src/server/front/limits';
import { eventually, gameOf, type Seen, startTestServer, type TestServer, until, watch } from './helpers';

let server: TestServer | null = null;
/** Rooms the test joined, left at its end. */
const open: Room[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).filter((r) => r.connection.isOpen).map((r) => r.leave()));
  await server?.close();
  server = null;
});

async function serve(limits: Partial<ClientLimits>, trustProxy: string | null = '127.0.0.1', extra = {}): Promise<TestServer> {
  server = await startTestServer({ limits: { ...DEFAULT_LIMITS, ...limits }, trustProxy: trustProxy ?? undefined, ...extra });
  return server;
}

/** An SDK client whose requests (matchmaking and WebSocket) say they come from `address`. */
const from = (address: string) => new Client(server!.endpoint, { headers: { 'x-forwarded-for': address } });

/** The refusal a request fails with: its code and text. */
async function refusal(request: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await request;
  } catch (e) {
    const error = e as { code: number; message: string };
    return { code: error.code, message: error.message };
  }
  throw new Error('the request was not refused');
}

/** Keeps `room` to leave at the test's end; its messages are watched (the SDK warns of unwatched ones). */
function kept<R extends Room>(room: R): R {
  open.push(room);
  room.onMessage('*', () => {});
  return room;
}

describe('limits per client address', () => {
  it('counts entering the lobby, quick play and TV as joins, never as rooms of the address', async () => {
    await serve({ rooms: 1, joinsPerMinute: 4 }, '127.0.0.1', { quickWaitSeconds: 60 });
    // The address's one room is open: the shared rooms still take it in.
    kept(await from('198.51.100.7').create('rolit', { name: 'Ann', colour: 'red' }));
    kept(await from('198.51.100.7').joinOrCreate('lobby'));
    kept(await from('198.51.100.7').joinOrCreate('tv', { name: 'Ann' }));
    kept(await from('198.51.100.7').create('quick', { name: 'Ann' }));
    // Its four joins of the minute are spent: a fifth is refused, whichever room it asks for.
    for (const [name, options] of [['lobby', {}], ['tv', { name: 'Ann' }], ['quick', { name: 'Ann' }]] as const) {
      expect(await refusal(from('198.51.100.7').joinOrCreate(name, options)), name).toMatchObject({ code: 429, message: expect.stringMatching(/^tooManyJoins/) });
    }
    // Another address goes on.
    kept(await from('198.51.100.8').joinOrCreate('lobby'));
  });

  it('refuses one client its 21st open room (before its 50th), and lets it open another once it leaves one', async () => {
    await serve({});
    const rooms: Room[] = [];
    let refused: { code: number; message: string } | null = null;
    for (let i = 0; i < 50 && !refused; i++) {
      try {
        rooms.push(kept(await from('198.51.100.1').create('rolit', { name: 'Mallory', colour: 'red' })));
      } catch (e) {
        refused = e as { code: number; message: string };
      }
    }
    expect(rooms.length).toBe(DEFAULT_LIMITS.rooms);
    expect(refused).toMatchObject({ code: 429, message: expect.stringMatching(/^tooManyRooms: at most 20 open rooms/) });
    // Another address is not affected.
    kept(await from('198.51.100.2').create('rolit', { name: 'Ann', colour: 'red' }));
    // Leaving a lobby alone closes the room: its place is free again.
    await rooms[0].leave();
    kept(await whenClosed(() => from('198.51.100.1').create('rolit', { name: 'Mallory', colour: 'red' })));
  });

  it('refuses creates and joins past the allowance a minute, with code 429', async () => {
    await serve({ joinsPerMinute: 4 });
    const host = kept(await from('198.51.100.1').create('rolit', { name: 'Ann', colour: 'red' }));
    for (let i = 0; i < 3; i++) kept(await from('198.51.100.1').joinById(host.roomId, { name: `Eve ${i}`, spectator: true }));
    expect(await refusal(from('198.51.100.1').joinById(host.roomId, { name: 'Eve', spectator: true }))).toEqual({
      code: 429, message: 'tooManyJoins: at most 4 creates and joins a minute from one address',
    });
    expect(await refusal(from('198.51.100.1').create('rolit', { name: 'Ann', colour: 'red' }))).toMatchObject({ code: 429, message: expect.stringMatching(/^tooManyJoins/) });
    kept(await from('198.51.100.2').joinById(host.roomId, { name: 'Bob', colour: 'green' }));
  });

  it('refuses joinById after too many codes that name no room, even of a room that exists', async () => {
    await serve({ guessesPerMinute: 3 });
    const host = kept(await from('198.51.100.1').create('rolit', { name: 'Ann', colour: 'red' }));
    for (const code of ['0000000000', '0000000001', '0000000002']) {
      expect(await refusal(from('203.0.113.5').joinById(code, { name: 'Mallory', spectator: true }))).toMatchObject({ code: 522, message: expect.stringContaining('not found') });
    }
    expect(await refusal(from('203.0.113.5').joinById(host.roomId, { name: 'Mallory', spectator: true }))).toMatchObject({
      code: 429, message: expect.stringMatching(/^tooManyGuesses: at most 3 room codes/),
    });
    // Over plain HTTP, as a bot without the SDK sees it.
    const response = await fetch(`${server!.endpoint}/matchmake/joinById/0000000003`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.5' }, body: '{"name":"M","spectator":true}',
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 429, error: expect.stringMatching(/^tooManyGuesses/) });
    // A right code from another address still joins.
    kept(await from('198.51.100.2').joinById(host.roomId, { name: 'Eve', spectator: true }));
  });

  it('shuts a client kicked for flooding out for the cool-down: no reconnection with its token, no create, no join', async () => {
    await serve({ coolDownSeconds: 60 });
    const host = watch(kept(await from('198.51.100.1').create('rolit', { name: 'Ann', colour: 'red', colours: ['red', 'green'] })));
    const flooder = kept(await from('203.0.113.7').joinById(host.room.roomId, { name: 'Mallory', colour: 'green' }));
    flooder.reconnection.enabled = false;
    const token = flooder.reconnectionToken;
    const closed = new Promise<number>((resolve) => flooder.onLeave((code) => resolve(code)));
    // Past its frame allowance (80 at once, frames.ts) the connection is closed (4002).
    for (let i = 0; i < 300; i++) flooder.send('emote', { emote: 'hello' });
    expect(await closed).toBe(4002);
    const coolingDown = { code: 429, message: expect.stringMatching(/^coolingDown: disconnected for flooding: come back in (5\d|60) s$/) };
    expect(await refusal(from('203.0.113.7').reconnect(token))).toMatchObject(coolingDown);
    // Each refusal is held a while, so a flooder trying again at once asks once a second, not thousands of times.
    const asked = performance.now();
    expect(await refusal(from('203.0.113.7').create('rolit', { name: 'Mallory', colour: 'red' }))).toMatchObject(coolingDown);
    expect(performance.now() - asked).toBeGreaterThanOrEqual(COOLING_DOWN_ANSWER_MS - 5);
    expect(await refusal(from('203.0.113.7').joinById(host.room.roomId, { name: 'Mallory', spectator: true }))).toMatchObject(coolingDown);
    // The SDK's own reconnection goes straight to a WebSocket with the token: the upgrade is refused too.
    const [roomId, secret] = token.split(':');
    const upgrade = await rawUpgrade(`/${roomId}?sessionId=${flooder.sessionId}&reconnectionToken=${secret}`, '203.0.113.7');
    expect(upgrade).toMatch(/^HTTP\/1.1 429 .*coolingDown: disconnected for flooding/s);
    // The host, another address, plays on; the seat waits for its player as for any dropped one.
    await until(host.room, (st) => st.seats[1].connected === false, 'the flooder\'s seat dropped');
    kept(await from('198.51.100.2').joinById(host.room.roomId, { name: 'Eve', spectator: true }));
  });

  it('shuts out a client kicked for flooding the lobby or the quick-play queue, as one kicked from a table', async () => {
    await serve({ coolDownSeconds: 60 }, '127.0.0.1', { quickWaitSeconds: 60 });
    for (const [address, name, options] of [['203.0.113.8', 'lobby', {}], ['203.0.113.9', 'quick', { name: 'Mallory' }]] as const) {
      const flooder = kept(await from(address).joinOrCreate(name, options));
      flooder.reconnection.enabled = false;
      flooder.onMessage('*', () => {});
      const closed = new Promise<number>((resolve) => flooder.onLeave((code) => resolve(code)));
      for (let i = 0; i < 300; i++) flooder.send('nonsense', {});
      expect(await closed, name).toBe(4002);
      expect(await refusal(from(address).joinOrCreate('lobby')), name).toMatchObject({ code: 429, message: expect.stringMatching(/^coolingDown: /) });
    }
    // Another address still enters both.
    kept(await from('198.51.100.3').joinOrCreate('lobby'));
    kept(await from('198.51.100.3').joinOrCreate('quick', { name: 'Ann' }));
  });

  it('starts no cool-down for the other 4002 close: a connection replaced by a reconnection with its token', async () => {
    await serve({ coolDownSeconds: 60 });
    const host = kept(await from('198.51.100.1').create('rolit', { name: 'Ann', colour: 'red' }));
    const first = kept(await from('203.0.113.8').joinById(host.roomId, { name: 'Zed', colour: 'green' }));
    first.reconnection.enabled = false;
    const closed = new Promise<number>((resolve) => first.onLeave((code) => resolve(code)));
    // A reload before the old connection dropped: the server closes the old one with 4002.
    const second = kept(await from('203.0.113.8').reconnect(first.reconnectionToken));
    expect(await closed).toBe(4002);
    expect(second.connection.isOpen).toBe(true);
    kept(await from('203.0.113.8').joinById(host.roomId, { name: 'Zed', spectator: true }));
  });

  it('counts X-Forwarded-For only from a trusted proxy: otherwise every client of one socket address is one client', async () => {
    await serve({ rooms: 2 }, null);
    kept(await from('198.51.100.1').create('rolit', { name: 'A', colour: 'red' }));
    kept(await from('198.51.100.2').create('rolit', { name: 'B', colour: 'red' }));
    expect(await refusal(from('198.51.100.3').create('rolit', { name: 'C', colour: 'red' }))).toMatchObject({ code: 429, message: expect.stringMatching(/^tooManyRooms/) });
    // X-Real-IP, which Colyseus reads first, is the server's own to set.
    const forged = new Client(server!.endpoint, { headers: { 'x-real-ip': '198.51.100.4', 'x-client-ip': '198.51.100.5' } });
    expect(await refusal(forged.create('rolit', { name: 'D', colour: 'red' }))).toMatchObject({ code: 429 });
  });
});

describe('computer searches shared between addresses', () => {
  it('runs another address\'s computer while four rooms of four masters from one address search: its replies do not wait for theirs', async () => {
    // Two threads: the masters' address may use one (threads less one), the other is free for other rooms.
    await serve({}, '127.0.0.1', { threads: 2 });
    const masters: Seen[] = [];
    for (let i = 0; i < 4; i++) {
      const watcher = watch(kept(await from('198.51.100.66').create('rolit', {
        name: 'Mallory', spectator: true, seats: Array.from({ length: 4 }, () => ({ kind: 'computer', level: 'master' })),
      })));
      watcher.room.send('start');
      masters.push(watcher);
    }
    const masterMoves = () => masters.reduce((n, s) => n + ((s.room.state as { moves?: string[] }).moves?.length ?? 0), 0);
    await eventually(() => masterMoves() >= 1, 'a master moved', 15_000);

    const ann = watch(kept(await from('198.51.100.7').create('rolit', {
      name: 'Ann', colour: 'red', colours: ['red', 'green'], seats: [{ kind: 'human' }, { kind: 'computer', level: 'greedy' }],
    })));
    ann.room.send('start');
    await until(ann.room, (st) => st.phase === 'playing', 'playing');
    // For each computer reply: how many master moves were played between Ann's move and the reply.
    const between: number[] = [];
    for (let reply = 0; reply < 6; reply++) {
      await until(ann.room, (st) => st.toMove === 'red', 'red to move', 20_000);
      await eventually(() => gameOf(ann).state.moves.length === ann.room.state.moves.length, 'Ann has every event');
      const count = ann.room.state.moves.length;
      const before = masterMoves();
      ann.room.send('play', { move: gameOf(ann).legalMoves()[0] });
      await until(ann.room, (st) => st.moves.length >= count + 2 || st.phase !== 'playing', 'the computer\'s reply', 20_000);
      between.push(masterMoves() - before);
      if (ann.room.state.phase !== 'playing') break;
    }
    // A master search lasts about a second; a greedy one milliseconds. Queued behind the masters
    // (one queue, first come first served) every reply waits for at least one master move; with
    // a thread left to other addresses, most replies come before any.
    between.sort((a, b) => a - b);
    expect(between[Math.floor(between.length / 2)], `master moves between Ann's moves and the replies: ${between.join(', ')}`).toBe(0);
  }, 120_000);
});

/** Retries a create refused with tooManyRooms while a room left is closing, for a few seconds. */
async function whenClosed<T>(request: () => Promise<T>): Promise<T> {
  const end = Date.now() + 5000;
  for (;;) {
    try {
      return await request();
    } catch (e) {
      if (Date.now() > end || !/^tooManyRooms/.test((e as Error).message)) throw e;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The server's answer to a WebSocket upgrade request, as text. */
async function rawUpgrade(path: string, address: string): Promise<string> {
  const { connect } = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = connect(server!.port, '127.0.0.1', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nX-Forwarded-For: ${address}\r\n\r\n`,
      );
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}
