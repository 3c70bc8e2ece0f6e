/**
 * The lobby (docs/online.md, Lobby) against a real server: a listed table appears with its
 * metadata, kept current as seats fill and empty and the match starts; a table created without
 * `listed` never appears; odd options and messages are refused and change nothing.
 */
import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableListing } from '../../src/wire/contract';
import { create, eventually, join, next, type Seen, startTestServer, type TestServer, until, watch } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A lobby client and the tables it knows, kept from `rooms`, `+` and `-` as the page would. */
async function lobby(): Promise<{ seen: Seen; tables: Map<string, TableListing>; ids: Set<string> }> {
  const seen = watch(await new Client(server.endpoint).joinOrCreate('lobby'));
  const tables = new Map<string, TableListing>();
  /** Every room id the lobby ever mentioned. */
  const ids = new Set<string>();
  // The SDK calls a type's own handler instead of '*': each also keeps the message where watch would.
  const keep = (type: string, message: unknown) => (seen.messages[type] ??= []).push(message);
  seen.room.onMessage('rooms', (rooms: { roomId: string; metadata: TableListing }[]) => {
    keep('rooms', rooms);
    tables.clear();
    for (const r of rooms) {
      ids.add(r.roomId);
      tables.set(r.roomId, r.metadata);
    }
  });
  seen.room.onMessage('+', ([roomId, r]: [string, { metadata: TableListing }]) => {
    keep('+', [roomId, r]);
    ids.add(roomId);
    tables.set(roomId, r.metadata);
  });
  seen.room.onMessage('-', (roomId: string) => {
    keep('-', roomId);
    ids.add(roomId);
    tables.delete(roomId);
  });
  return { seen, tables, ids };
}

describe('lobby', () => {
  it('lists a public table and not a private one, its free colours following the seats and the phase', async () => {
    const watcher = await lobby();
    await eventually(() => (watcher.seen.messages.rooms ?? []).length === 1, 'the first list');
    const hidden = await create(server.endpoint, { name: 'Pia', colour: 'red' });
    const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', listed: true, timeLimit: 30 });
    const id = ann.room.roomId;
    await eventually(() => watcher.tables.has(id), 'the public table listed');
    expect(watcher.tables.get(id)).toEqual({
      host: 'Ann', size: 8, colours: ['red', 'yellow', 'green', 'blue'], variant: 'standard', misere: false, timeLimit: 30,
      free: ['yellow', 'green', 'blue'], seated: [{ colour: 'red', name: 'Ann', kind: 'human' }], phase: 'waiting', spectators: 0,
    });
    // Listed once its creator sits: the first word of the table already shows her seated.
    const firstListing = ((watcher.seen.messages['+'] ?? []) as [string, { clients: number; metadata: TableListing }][]).find(([code]) => code === id)![1];
    expect(firstListing.clients).toBe(1);
    expect(firstListing.metadata.free).toEqual(['yellow', 'green', 'blue']);
    const freeIs = (free: string[], what: string) => eventually(() => JSON.stringify(watcher.tables.get(id)?.free) === JSON.stringify(free), what);

    const bob = await join(server.endpoint, id, { name: 'Bob', colour: 'yellow' });
    await freeIs(['green', 'blue'], 'yellow taken');
    expect(watcher.tables.get(id)?.seated).toEqual([{ colour: 'red', name: 'Ann', kind: 'human' }, { colour: 'yellow', name: 'Bob', kind: 'human' }]);
    const eve = await join(server.endpoint, id, { name: 'Eve', spectator: true });
    await eventually(() => watcher.tables.get(id)?.spectators === 1, 'one spectator');
    await bob.room.leave();
    await freeIs(['yellow', 'green', 'blue'], 'yellow free again');

    // A lobby client arriving now gets the same list at once.
    const late = await lobby();
    await eventually(() => late.tables.has(id), 'the late client has the table');
    expect(late.tables.get(id)).toEqual(watcher.tables.get(id));

    for (const colour of ['yellow', 'green', 'blue']) ann.room.send('fill', { colour, level: 'beginner' });
    await until(ann.room, (st) => st.seats.every((s: any) => s.kind === 'computer' || s.name === 'Ann'), 'seats filled');
    await freeIs([], 'no free seat left');
    expect(watcher.tables.get(id)?.seated.map((seat: { name: string; kind: string; level?: string }) => `${seat.name} ${seat.kind} ${seat.level ?? '-'}`)).toEqual([
      'Ann human -', 'computer (beginner) computer beginner', 'computer (beginner) computer beginner', 'computer (beginner) computer beginner',
    ]);
    ann.room.send('start');
    await eventually(() => watcher.tables.get(id)?.phase === 'playing', 'the round in play');
    expect(watcher.tables.get(id)?.free).toEqual([]);

    // The private room was never mentioned, though it is open and someone joined it.
    await join(server.endpoint, hidden.room.roomId, { name: 'Quin', colour: 'yellow' });
    await until(hidden.room, (st) => st.seats[1].name === 'Quin', 'Quin seated at the private table');
    expect(watcher.ids.has(hidden.room.roomId)).toBe(false);
    expect(late.ids.has(hidden.room.roomId)).toBe(false);
    // Nor are TV and the quick-play queue.
    const tv = watch(await new Client(server.endpoint).joinOrCreate('tv', { name: 'Tia' })).room;
    const queue = watch(await new Client(server.endpoint).joinOrCreate('quick', { name: 'Qed' })).room;
    const third = await lobby();
    await eventually(() => third.tables.has(id), 'the table listed');
    expect([...third.tables.keys()]).toEqual([id]);
    await Promise.all([tv.leave(), queue.leave()]);

    // Its people leave: the stand-in plays the round on, still listed; a table whose people leave in its lobby closes and leaves the list.
    await Promise.all([ann.room.leave(), eve.room.leave()]);
    const cleo = await create(server.endpoint, { name: 'Cleo', colour: 'red', listed: true });
    await eventually(() => watcher.tables.has(cleo.room.roomId), 'the second table listed');
    expect(watcher.tables.get(id)?.phase).toBe('playing');
    await cleo.room.leave();
    await eventually(() => !watcher.tables.has(cleo.room.roomId), 'the closed table gone');
    // Every `+` of the table said something new: none repeats the listing before it.
    const texts = ((watcher.seen.messages['+'] ?? []) as [string, unknown][]).filter(([code]) => code === id).map(([, listing]) => JSON.stringify(listing));
    expect(texts.length).toBeGreaterThan(5);
    expect(texts.filter((text, i) => i > 0 && text === texts[i - 1])).toEqual([]);
    await Promise.all([watcher, late, third].map((l) => l.seen.room.leave()));
  });

  it('refuses odd options and messages, and goes on listing', async () => {
    const client = new Client(server.endpoint);
    await expect(client.joinOrCreate('lobby', { filter: { name: 'rolit' } })).rejects.toThrow(/badOptions/);
    await expect(client.joinOrCreate('lobby', { x: 1 })).rejects.toThrow(/badOptions/);
    const watcher = await lobby();
    for (const [type, payload] of [['filter', { name: 'rolit', metadata: 'x' }], ['filter', null], ['play', { move: 'f4' }], ['', 1]] as const) {
      watcher.seen.room.send(type, payload);
      expect(await next(watcher.seen, 'error'), type).toMatchObject({ code: 'unknownMessage' });
    }
    const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', listed: true });
    await eventually(() => watcher.tables.has(ann.room.roomId), 'a new table still listed');
    expect(watcher.seen.room.connection.isOpen).toBe(true);
    await create(server.endpoint, { name: 'Ann', colour: 'red', listed: 'yes' }).then(
      () => expect.fail('listed: "yes" was accepted'),
      (e: Error) => expect(e.message).toMatch(/badOptions: listed/),
    );
    await Promise.all([ann.room.leave(), watcher.seen.room.leave()]);
  });
});
