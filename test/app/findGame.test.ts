/**
 * The page's ways to strangers against the real game server: the open tables follow the lobby as
 * a public table is created, fills and closes (a private one never shows); two quick players end
 * up in one room, each in a seat of their own with their player key (`you` names each one's
 * player), the round under way; a queue left is left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import type { StoreApi } from 'zustand/vanilla';
import { createOnlineRoom, type OnlineState } from '../../src/app/online/onlineRoom';
import { createOpenTables } from '../../src/app/online/openTables';
import { newPlayerKey } from '../../src/app/online/playerKey';
import { createQuickPlay } from '../../src/app/online/quickPlay';
import { playerIdOf } from '../../src/server/players/playerId';
import { create, join, startTestServer, type TestServer } from '../server/helpers';
import { until } from './storeUntil';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ quickWaitSeconds: 1 });
});
afterAll(async () => {
  await server.close();
});


const room = (playerKey?: string) => createOnlineRoom({ endpoint: server.endpoint, tabStorage: null, playerKey: playerKey ? () => playerKey : undefined });

describe('finding a game on the server', () => {
  it('the open tables follow the lobby: a public table shows, its free colours follow the seats, it goes when it closes; a private one never shows', async () => {
    const page = room();
    const tables = createOpenTables(page.getState().client);
    await tables.getState().follow();
    await until(tables, (s) => s.status === 'open', 'the lobby');
    expect(tables.getState().tables).toEqual([]);

    const hidden = await create(server.endpoint, { name: 'Pat', colour: 'red', colours: ['red', 'green'] });
    const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'], timeLimit: 30, listed: true });
    await until(tables, (s) => s.tables.length === 1, 'Ann’s table');
    expect(tables.getState().tables[0]).toMatchObject({ roomId: ann.room.roomId, host: 'Ann', size: 8, colours: ['red', 'green'], timeLimit: 30, free: ['green'], phase: 'waiting', seated: [{ colour: 'red', name: 'Ann', kind: 'human' }] });

    const bob = await join(server.endpoint, ann.room.roomId, { name: 'Bob', colour: 'green' });
    await until(tables, (s) => s.tables[0]?.free.length === 0, 'the green seat taken');
    expect(tables.getState().tables[0].seated).toEqual([{ colour: 'red', name: 'Ann', kind: 'human' }, { colour: 'green', name: 'Bob', kind: 'human' }]);
    await bob.room.leave();
    await ann.room.leave();
    await until(tables, (s) => s.tables.length === 0, 'the table gone');
    expect(tables.getState().tables.some((t) => t.roomId === hidden.room.roomId)).toBe(false);
    await tables.getState().stop();
    expect(tables.getState().status).toBe('idle');
    await hidden.room.leave();
  });

  it('two quick players land in one room, one seat each as their player, the round under way', async () => {
    const keys = [newPlayerKey(), newPlayerKey()];
    const pages = keys.map(room);
    const queues = pages.map((p) => createQuickPlay(p.getState()));
    await queues[0].getState().start('Ann');
    await until(queues[0], (s) => s.status === 'waiting', 'Ann waiting');
    await queues[1].getState().start('Bob');
    for (const q of queues) await until(q, (s) => s.status === 'seated', 'a seat', 20_000);
    for (const p of pages) await until(p as StoreApi<OnlineState>, (s) => s.room?.phase === 'playing' && s.you !== null, 'the round', 20_000);
    const [a, b] = pages.map((p) => p.getState());
    expect(a.roomId).toBe(b.roomId);
    expect(a.you!.colour).not.toBe(b.you!.colour);
    // Quick play sends the player's key as creates and joins do: the seat is the player's.
    expect([a.you!.player, b.you!.player]).toEqual(keys.map(playerIdOf));
    expect(a.room!.seats.map((s) => (s.kind === 'human' ? s.name : s.kind)).sort()).toEqual(['Ann', 'Bob', 'computer', 'computer']);
    for (const p of pages) await p.getState().leave();
  }, 30_000);

  it('a queue left is left: Cancel takes the player out before a table is made', async () => {
    const page = room();
    const queue = createQuickPlay(page.getState());
    await queue.getState().start('Cy');
    await until(queue, (s) => s.status === 'waiting', 'Cy waiting');
    await queue.getState().cancel();
    expect(queue.getState().status).toBe('idle');
    // The queue holds nobody: no table will be made for Cy.
    expect((await matchMaker.query({ name: 'quick' })).reduce((n, q) => n + q.clients, 0)).toBe(0);
    expect(page.getState().status).toBe('idle');
  });

  it('says why when the server cannot be reached', async () => {
    const page = createOnlineRoom({ endpoint: 'http://127.0.0.1:1', tabStorage: null });
    const queue = createQuickPlay(page.getState());
    await queue.getState().start('Cy');
    expect(queue.getState()).toMatchObject({ status: 'failed', failure: { kind: 'serverDown' } });
    const tables = createOpenTables(page.getState().client);
    await tables.getState().follow();
    expect(tables.getState()).toMatchObject({ status: 'failed', failure: { kind: 'serverDown' } });
  });
});
