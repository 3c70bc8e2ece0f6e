/**
 * What a hostile client can do to a room: guess codes, flood it, send random messages, options
 * and bytes. Nothing may crash the room or the process, and refused messages change nothing.
 */
import { Client } from '@colyseus/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMOTES, messages } from '../../src/wire/contract';
import { create, eventually, gameOf, join, next, type Seen, snapshot, startTestServer, type TestServer, twoPlayers, until } from './helpers';

// No rate limit to speak of here, so every fuzzed message reaches the room's checks
// (rateLimit.test.ts tests the limit: Colyseus' room definitions are per process).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ messagesPerSecond: 100_000 });
});
afterAll(async () => {
  await server?.close();
});

/** Resolves once the server has handled everything `seen` sent so far (a refused marker comes back). */
async function settled(seen: Seen): Promise<void> {
  const marker = next(seen, 'error', 10_000);
  seen.room.send('play', { move: '??' });
  await marker;
}

describe('room security', () => {
  it('gives rooms random codes, reachable only by code', async () => {
    const rooms = await Promise.all(Array.from({ length: 6 }, () => create(server.endpoint, { name: 'Ann', colour: 'red' })));
    const codes = rooms.map((s) => s.room.roomId);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // Without a code a client finds no room to join.
    await expect(new Client(server.endpoint).join('rolit', { name: 'Mallory', spectator: true })).rejects.toThrow();
    await Promise.all(rooms.map((s) => s.room.leave()));
  });

  it('survives random messages from players and spectators: each is refused (or an emote) and the state is unchanged', async () => {
    const { ann, bob, eve } = await twoPlayers(server.endpoint);
    const clients = [ann, bob, eve];
    // A closed connection must show, not be mended by the SDK's reconnection.
    for (const s of clients) s.room.reconnection.enabled = false;
    const before = snapshot(ann);
    const mover = ann.room.state.toMove === 'red' ? ann : bob;
    const legal = new Set(gameOf(mover).legalMoves());
    const payload = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({ move: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('a1', 'h8', 'e3+e6', 'f4+', '+', 'i9', 'A1', ' f4'), fc.jsonValue({ maxDepth: 1 })) }, { requiredKeys: [] }),
      fc.record({ colour: fc.oneof(fc.constantFrom('red', 'green', 'blue'), fc.string()), level: fc.oneof(fc.constantFrom('beginner', 'master'), fc.string()) }, { requiredKeys: [] }),
      fc.record({ emote: fc.oneof(fc.constantFrom('hello', 'goodGame'), fc.string()) }, { requiredKeys: [] }),
      fc.constant(undefined),
    ).filter((p) => !(p && typeof p === 'object' && 'move' in p && legal.has((p as { move: unknown }).move as string)));
    // Numeric types from 0 to 127 and no empty type: Colyseus reads some larger numbers (0xa1-0xbf,
    // 0xd9-0xdb) as the start of a string and the empty string as a number, fails to decode the
    // frame and closes the sender's connection (4002). That is the garbage case, tested below.
    // Not `resign`: like a legal move (filtered out above), it is a real action that changes the state (test/server/resign.test.ts).
    const type = fc.oneof(fc.constantFrom(...Object.keys(messages).filter((t) => t !== 'resign'), '__proto__', 'constructor', 'toString', '*'), fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 127 }));
    const message = fc.tuple(fc.nat({ max: 2 }), type, payload);

    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 15 }), async (batch) => {
        if (!clients.every((s) => s.room.connection.isOpen)) throw new Error('a connection was closed by an earlier batch');
        try {
          await fuzzBatch(batch);
        } catch (e) {
          console.log('failing batch:', JSON.stringify(batch));
          throw e;
        }
      }),
      { numRuns: 40, endOnFailure: true },
    );
    async function fuzzBatch(batch: [number, string | number, unknown][]): Promise<void> {
      {
        const counts = clients.map((s) => (s.messages.error ?? []).length);
        for (const [who, t, p] of batch) {
          clients[who].room.send(t as string, p);
        }
        await Promise.all(clients.map(settled));
        // Every message got its answer (an error to its sender, or an emote to all), and nothing changed.
        for (const s of clients) expect(s.room.connection.isOpen).toBe(true);
        expect(snapshot(ann)).toBe(before);
        const answered = clients.map((s, i) => (s.messages.error ?? []).length - 1 - counts[i]);
        const emoteReplies = batch.filter(([who, t, p]) => t === 'emote' && isEmote(p) && who < 2).length;
        expect(answered.reduce((a, b) => a + b) + emoteReplies).toBe(batch.length);
      }
    }
    // The room still plays.
    mover.room.send('play', { move: [...legal][0] });
    await until(ann.room, (st) => st.moves.length === 1, 'the legal move');
  });

  it('survives random create and join options, and random bytes on the wire', async () => {
    // Objects only: the SDK itself refuses to send other options.
    const options = fc.oneof(
      fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
      fc.record({ name: fc.constantFrom('Zoe', ' Al ', 'x'.repeat(25)), spectator: fc.constant(true), size: fc.constantFrom(4, 6, 8) }, { requiredKeys: ['name', 'spectator'] }),
      fc.record({
        name: fc.oneof(fc.string({ maxLength: 30 }), fc.jsonValue({ maxDepth: 1 })),
        colour: fc.oneof(fc.constantFrom('red', 'yellow', 'purple'), fc.jsonValue({ maxDepth: 1 })),
        spectator: fc.oneof(fc.constant(true), fc.jsonValue({ maxDepth: 1 })),
        size: fc.oneof(fc.constantFrom(4, 6, 8, 5), fc.jsonValue({ maxDepth: 1 })),
        colours: fc.oneof(fc.array(fc.constantFrom('red', 'yellow', 'green', 'blue', 'x'), { maxLength: 5 }), fc.jsonValue({ maxDepth: 2 })),
        seats: fc.oneof(fc.array(fc.record({ kind: fc.constantFrom('human', 'computer'), level: fc.constantFrom('beginner', 'nobody') }), { maxLength: 5 }), fc.jsonValue({ maxDepth: 2 })),
        timeLimit: fc.oneof(fc.integer({ min: -10, max: 5000 }), fc.double()),
        config: fc.jsonValue({ maxDepth: 2 }),
      }, { requiredKeys: [] }),
    );
    const host = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
    const opened: Seen[] = [];
    await fc.assert(
      fc.asyncProperty(options, options, async (createWith, joinWith) => {
        const tries = [create(server.endpoint, createWith as Record<string, unknown>), join(server.endpoint, host.room.roomId, joinWith as Record<string, unknown>)];
        for (const result of await Promise.allSettled(tries)) {
          if (result.status === 'fulfilled') opened.push(result.value);
          // Our refusals, or the matchmaker's own of a body that is not an options object.
          else expect(String(result.reason)).toMatch(/badOptions|badSetup|notInPlay|colourTaken|computerSeat|started|MatchMakeError/);
        }
      }),
      { numRuns: 60 },
    );
    // Some options were valid and some not: both paths ran.
    expect(opened.length).toBeGreaterThan(0);
    await Promise.all(opened.map((s) => s.room.leave()));

    // Garbage bytes: the sender may be cut off, the room and the server go on.
    const vandal = await join(server.endpoint, host.room.roomId, { name: 'Vandal', spectator: true });
    vandal.room.reconnection.enabled = false;
    for (const type of ['', 161, 191, 217, 218, 219]) vandal.room.send(type as unknown as string, { emote: 'hello' });
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 64 }), async (bytes) => {
        if (vandal.room.connection.isOpen) vandal.room.connection.send(bytes);
      }),
      { numRuns: 200 },
    );
    await eventually(() => !vandal.room.connection.isOpen, 'the vandal cut off');
    const bob = await join(server.endpoint, host.room.roomId, { name: 'Bob', colour: 'green' });
    await until(host.room, (st) => st.seats[1].name === 'Bob' && st.seats[1].connected, 'Bob seated after the garbage');
    host.room.send('start');
    await until(bob.room, (st) => st.phase === 'playing', 'the room plays on');
  });
});

function isEmote(p: unknown): boolean {
  return !!p && typeof p === 'object' && !Array.isArray(p) && Object.keys(p).length === 1 && (EMOTES as readonly unknown[]).includes((p as { emote: unknown }).emote);
}
