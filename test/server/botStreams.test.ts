/**
 * Bots' streams as their abusers and their authors would test them (docs/online.md, Bots over
 * HTTP, The room stream): a stream lives as long as the bot reads it (past the default head
 * timeout, kept open by its keep-alive lines), its `state` lines say the table and what happened
 * at it, a hang-up at any moment leaves no client in a room, and a server that stops says so
 * (`closing`, then `gone`) before the stream ends.
 */
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { matchMaker } from '@colyseus/core';
import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../scripts/serverProcess';
import { DEFAULT_HEAD_SECONDS } from '../../src/server/front/connections';
import { botRequest, newPlayer, openLines } from './botClient';
import { create, eventually, startTestServer, type TestServer, until, watch } from './helpers';

/** Seconds between keep-alive lines on the test's server: short, so two come before the default head timeout has passed. */
const KEEP_ALIVE_SECONDS = 4;

let server: TestServer;
beforeAll(async () => {
  // The default head timeout; a short grace, to see a stand-in.
  server = await startTestServer({ botKeepAliveSeconds: KEEP_ALIVE_SECONDS, graceSeconds: 1 });
});
afterAll(async () => {
  await server?.close();
});

const clientsNow = async () => ((await (await fetch(`${server.endpoint}/health`)).json()) as { clients: number }).clients;

it(`keeps a stream to a waiting room open past the default head timeout (${DEFAULT_HEAD_SECONDS} s), with its keep-alive lines, every state line saying the table and the server's time`, async () => {
  const host = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'], size: 6, variant: 'pro', misere: true, timeLimit: 30 });
  const { key } = newPlayer();
  const opened = Date.now();
  const stream = await openLines(server.endpoint, `/bot/rooms/${host.room.roomId}/stream?name=Bot`, key);
  expect(stream.status).toBe(200);
  await stream.next((l) => l.type === 'state');
  // The head timeout's cut would come at 10 s: the stream outlives it.
  await eventually(() => Date.now() - opened > (DEFAULT_HEAD_SECONDS + 1.5) * 1000, 'past the head timeout', (DEFAULT_HEAD_SECONDS + 5) * 1000);
  expect(stream.ended()).toBe(false);
  expect(stream.seen.filter((l) => l === null).length).toBeGreaterThanOrEqual(2);
  // Still the room's client: the host sees it watching, and it sees the host's table change.
  expect(host.room.state.spectators).toBe(1);
  const bob = await new Client(server.endpoint).joinById(host.room.roomId, { name: 'Bob', colour: 'green' });
  bob.onMessage('*', () => undefined);
  await stream.next((l) => l.type === 'state' && l.seats[1].name === 'Bob');
  const states = stream.seen.filter((l) => l?.type === 'state');
  for (const line of states) {
    expect(line).toMatchObject({ size: 6, variant: 'pro', misere: true, timeLimit: 30, phase: 'waiting', events: [] });
    expect(Math.abs(line.now - Date.now())).toBeLessThan(60_000);
  }
  expect(stream.seen.filter((l) => l !== null).every((l) => typeof l.now === 'number')).toBe(true);
  stream.close();
  await until(host.room, (st) => st.spectators === 0, 'the bot gone with its stream');
  await Promise.all([bob.leave(), host.room.leave()]);
}, 40_000);

it('tells in its state lines a time-out, a drop, a stand-in and a return, with each seat’s holder and drop deadline', async () => {
  const { key } = newPlayer();
  // Ann (a page) against the bot; the bot never moves, so its time runs out.
  const ann = await create(server.endpoint, { name: 'Ann', colour: 'green', colours: ['red', 'green'], size: 4, timeLimit: 1, standIn: 'beginner' });
  const bot = await openLines(server.endpoint, `/bot/rooms/${ann.room.roomId}/stream?name=Bot&colour=red`, key);
  await until(ann.room, (st) => st.seats[0].connected, 'the bot seated');
  ann.room.send('start');
  const timedOut = await bot.next((l) => l.type === 'state' && l.events.some((e: { type: string }) => e.type === 'timeExpired'), 15_000);
  expect(timedOut.events).toContainEqual({ type: 'timeExpired', colour: timedOut.events.find((e: { type: string }) => e.type === 'timeExpired').colour });
  // Ann drops: held for the grace (1 s), then a computer stands in; she comes back with her token.
  const token = ann.room.reconnectionToken;
  ann.room.reconnection.enabled = false;
  await ann.room.leave(false);
  const dropped = await bot.next((l) => l.type === 'state' && l.events.some((e: { type: string }) => e.type === 'dropped'));
  expect(dropped.events).toContainEqual({ type: 'dropped', colour: 'green', dropDeadline: dropped.seats[1].dropDeadline });
  expect(dropped.seats[1]).toMatchObject({ connected: false, reason: 'dropped', holder: 'person' });
  expect(dropped.seats[1].dropDeadline).toBeGreaterThan(dropped.now);
  const standIn = await bot.next((l) => l.type === 'state' && l.events.some((e: { type: string }) => e.type === 'standIn'), 10_000);
  expect(standIn.events).toContainEqual({ type: 'standIn', colour: 'green', reason: 'away', level: 'beginner' });
  expect(standIn.seats[1]).toMatchObject({ holder: 'computer', standIn: true, reason: 'away' });
  const back = watch(await new Client(server.endpoint).reconnect(token));
  const returned = await bot.next((l) => l.type === 'state' && l.events.some((e: { type: string }) => e.type === 'back'), 10_000);
  expect(returned.events).toContainEqual({ type: 'back', colour: 'green' });
  expect(returned.seats[1]).toMatchObject({ holder: 'person', connected: true, reason: 'seated' });
  expect(returned.seats[0]).toMatchObject({ name: 'Bot', bot: true, kind: 'human' });
  bot.close();
  await back.room.leave();
}, 60_000);

describe('no ghosts', () => {
  it('40 streams from one address hung up at once (some mid-join) leave GET /health’s client count where it was within 30 s', async () => {
    const host = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
    // The earlier tests' clients gone (a dropped seat's client counts until its grace ends): the host alone.
    await expect.poll(clientsNow, { timeout: 20_000, interval: 200 }).toBe(1);
    const before = await clientsNow();
    const { hostname, port } = new URL(server.endpoint);
    let answered = 0;
    const requests = Array.from({ length: 40 }, () => {
      const { key } = newPlayer();
      const req = request({ host: hostname, port, path: `/bot/rooms/${host.room.roomId}/stream?name=Bot`, headers: { authorization: `Bearer ${key}` } }, (res) => {
        res.once('data', () => answered++);
        res.on('error', () => undefined);
      });
      req.on('error', () => undefined);
      req.end();
      return req;
    });
    // Some streams answered, the others' joins under way: all hang up at once.
    await eventually(() => answered >= 10, 'some streams answered', 20_000);
    for (const req of requests) req.destroy();
    const hungUpAt = Date.now();
    // Back where it was, and staying there (a join under way when the count is read would add to it later).
    const settled = async () => (await clientsNow()) === before && host.room.state.spectators === 0;
    for (;;) {
      if ((await settled()) && (await new Promise((resolve) => setTimeout(resolve, 1000)), await settled())) break;
      expect(Date.now() - hungUpAt, `clients ${await clientsNow()}, before ${before}; spectators ${host.room.state.spectators}`).toBeLessThan(30_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.log(`40 hung-up streams (${answered} answered first): clients back to ${before} in ${Date.now() - hungUpAt} ms`);
    // The room closes with its host: nobody is left in it.
    const code = host.room.roomId;
    await host.room.leave();
    await eventually(() => matchMaker.getLocalRoomById(code) === undefined, 'the room closed', 10_000);
    expect(await botRequest(server.endpoint, 'GET', `/bot/rooms/${code}/stream?name=Bot`, newPlayer().key)).toMatchObject({ status: 409, body: { error: `room "${code}" not found` } });
  }, 60_000);
});

describe('stopping', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('on SIGTERM a bot’s room stream gets closing, then gone (4001), then ends; its events stream too', async () => {
    dir = await mkdtemp(joinPath(tmpdir(), 'rolit-bot-stop-'));
    const process = await startServerProcess(['--import', 'tsx', 'src/server/main.ts', '--port', '0', '--host', '127.0.0.1', '--threads', '1', '--data', dir]);
    try {
      const { key } = newPlayer();
      const made = await botRequest(process.origin, 'POST', '/bot/rooms', key, { name: 'Bot', colour: 'red', colours: ['red', 'green'] });
      expect(made.status).toBe(201);
      const stream = await openLines(process.origin, `/bot/rooms/${made.body.code}/stream?name=Bot`, key);
      const events = await openLines(process.origin, '/bot/events', key);
      await stream.next((l) => l.type === 'state');
      process.child.kill('SIGTERM');
      const closing = await stream.next((l) => l.type === 'closing');
      expect(closing.seconds).toBeGreaterThan(0);
      expect(await stream.next((l) => l.type === 'gone', 15_000)).toMatchObject({ code: 4001 });
      await eventually(() => stream.ended(), 'the stream ended', 5000);
      expect(stream.seen.filter((l) => l !== null).map((l) => l.type).slice(-2)).toEqual(['closing', 'gone']);
      expect(await events.next((l) => l.type === 'closing')).toMatchObject({ seconds: closing.seconds });
      expect(await events.next((l) => l.type === 'gone', 15_000)).toMatchObject({ code: 4001 });
      expect(await process.exited).toBe(0);
    } finally {
      await process.kill();
    }
  }, 60_000);
});
