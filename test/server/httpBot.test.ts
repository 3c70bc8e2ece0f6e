/**
 * Bots over HTTP (docs/online.md): the page's two example bots, JavaScript with fetch alone and
 * Python 3 with its standard library alone, each taken from the page as it is and run as its own
 * process, play a whole rated round of a room made with `POST /bot/rooms` and are rated as bots;
 * every refusal of the Answers table comes with its status and words; a bot that hung up is held
 * its seat for its key's next stream.
 */
import { execFile, execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LIMITS } from '../../src/server/front/limits';
import { create, startTestServer, type TestServer, until } from './helpers';
import { botExample, botRequest, botRoom, newPlayer, openLines } from './botClient';
import { botStream } from './helpers';
import { whenReady } from './playerChecks';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Whether python3 runs here (Debian's python3; .ci/run installs it). */
function havePython(): boolean {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const python = havePython();
if (!python) console.warn('httpBot.test.ts: the Python example is skipped: python3 is not installed (Debian package python3)');

describe.each([
  { language: 'js' as const, file: `.http-bot-${process.pid}.mjs`, run: process.execPath, skip: false },
  { language: 'python' as const, file: `.http-bot-${process.pid}.py`, run: 'python3', skip: !python },
])('the $language example of docs/online.md', ({ language, file, run, skip }) => {
  it.skipIf(skip)('plays a whole round of a room made with POST /bot/rooms, prints its result line, and its player is rated as a bot', async () => {
    const { key, id } = newPlayer();
    const code = await botRoom(server.endpoint, key);
    expect(code).toMatch(/^[0-9A-Z]{10}$/);
    const source = botExample(language);
    // The language's standard library alone: no package, nothing of the project's.
    if (language === 'js') expect(source).not.toMatch(/\bimport\b|require\(/);
    else expect([...source.matchAll(/^import (\S+)/gm)].map((m) => m[1].split('.')[0])).toEqual(['json', 'random', 'sys', 'urllib', 'urllib']);
    await writeFile(file, source);
    try {
      const { stdout, stderr } = await promisify(execFile)(run, [file, server.endpoint, code, key], { timeout: 60_000 });
      expect(stdout, stderr).toMatch(/^result: red \d+, green \d+$/m);
      expect(stdout).not.toContain('refused');
    } finally {
      await rm(file, { force: true });
    }
    const profile = await whenReady(`${server.endpoint}/players/${id}`, (body, status) => status === 200 && body.ratedGames === 1, 'the bot rated');
    expect(profile).toMatchObject({ name: 'Bot', kind: 'bot', provisional: true, games: 1 });
    expect(typeof profile.rating).toBe('number');
    const games = (await botRequest(server.endpoint, 'GET', `/players/${id}/games`, null)).body;
    expect(games[0].seats.map((s: { kind: string }) => s.kind)).toEqual(['bot', 'computer']);
  }, 90_000);
});

describe('answers', () => {
  it('refuses each bad request with the status and words of docs/online.md’s Answers', async () => {
    const { key } = newPlayer();
    const { key: other } = newPlayer();
    const ask = (method: 'GET' | 'POST', path: string, body?: unknown, as: string | null = key) => botRequest(server.endpoint, method, path, as, body);
    const expectations: [() => ReturnType<typeof ask>, number, RegExp | string][] = [
      [() => ask('GET', '/bot/rooms/ABCDE12345/stream', undefined, null), 401, /Authorization/],
      [() => fetch(`${server.endpoint}/bot/lobby`, { headers: { authorization: 'Bearer short' } }).then(async (r) => ({ status: r.status, body: await r.json() })), 401, /Bearer <player key>/],
      [() => fetch(`${server.endpoint}/bot/lobby`, { headers: { authorization: `Basic ${key}` } }).then(async (r) => ({ status: r.status, body: await r.json() })), 401, /Bearer/],
      [() => ask('GET', '/bot/rooms/not-a-code!/stream'), 400, 'not a room code'],
      [() => ask('GET', '/bot/rooms/ABCDE12345/stream'), 400, /^name: a name is needed$/],
      [() => ask('GET', '/bot/rooms/ABCDE12345/stream?name=Bot&colour=purple'), 400, /^colour: expected one of red, yellow, green, blue$/],
      [() => ask('GET', '/bot/rooms/ABCDE12345/stream?name=Bot&x=1'), 400, /^x: unknown parameter \(parameters: name, colour\)$/],
      [() => ask('GET', '/bot/rooms/ABCDE12345/stream?name=Bot'), 409, /^room "ABCDE12345" not found$/],
      [() => ask('POST', '/bot/rooms/ABCDE12345/teleport', {}), 404, /^no message "teleport" \(messages: start, play/],
      [() => ask('POST', '/bot/rooms/ABCDE12345/play', '{not json'), 400, 'the body is not JSON'],
      [() => ask('POST', '/bot/rooms/ABCDE12345/play', '[1]'), 400, 'the body is not a JSON object'],
      [() => ask('POST', '/bot/rooms/ABCDE12345/play', { move: 'a1' }), 409, /open GET \/bot\/rooms\/<code>\/stream first/],
      [() => ask('POST', '/bot/rooms', { name: 'Bot', colour: 'red', size: 5 }), 400, /^badOptions: size: expected one of 8, 6, 4$/],
      [() => ask('POST', '/bot/rooms', { name: 'Bot', colour: 'red', player: other }), 400, /^player: the key is the one of the Authorization header/],
      [() => ask('POST', '/bot/rooms', { name: 'Bot', colour: 'red', size: 4, colours: ['red', 'green', 'blue'] }), 400, /^badSetup: /],
      [() => ask('POST', '/bot/rooms', { name: 'Bot' }), 400, /^badOptions: options: give either colour/],
      [() => ask('POST', '/bot/quick', { name: '' }), 400, /^badOptions: name: a name is needed/],
      [() => ask('POST', '/bot/challenges', { to: 'nobody', options: { name: 'Bot' } }), 400, /^to: a person's public id is 22 characters/],
      [() => ask('POST', '/bot/challenges', { to: newPlayer().id, options: { name: 'Bot', colours: ['red', 'green'], seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] } }), 400, /^badSetup: a challenge needs two seats for people$/],
      [() => ask('POST', '/bot/challenges', { to: newPlayer().id, options: { name: 'Bot', colour: 'blue' } }), 400, /^notInPlay: blue is not in play$/],
      [() => ask('POST', '/bot/challenges', { to: newPlayer().id, options: { name: 'Bot', listed: true } }), 400, /^options\.listed: unknown key$/],
      [() => ask('POST', '/bot/challenges/AAAAAAAAAAAA/accept'), 404, /^no challenge "AAAAAAAAAAAA" waits for an answer/],
      [() => ask('POST', '/bot/challenges/AAAAAAAAAAAA/reconsider'), 404, /^no such request: \/bot\/challenges\/AAAAAAAAAAAA\/reconsider/],
      [() => ask('POST', '/bot/teleport'), 404, /^no such request/],
      [() => ask('GET', '/bot/rooms'), 405, 'this request is sent with POST'],
      [() => ask('POST', '/bot/rooms/ABCDE12345/stream'), 405, 'this request is sent with GET'],
      [() => ask('POST', '/bot/events'), 405, 'this request is sent with GET'],
    ];
    for (const [asked, status, error] of expectations) {
      const answer = await asked();
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.error).toMatch(error);
    }
    // A challenge to oneself, and answers by the wrong key.
    const { id } = newPlayer();
    expect(await ask('POST', '/bot/challenges', { to: (await import('../../src/server/players/playerId')).playerIdOf(key), options: { name: 'Bot' } })).toMatchObject({ status: 400, body: { error: 'to: a player cannot challenge themselves' } });
    const posted = await ask('POST', '/bot/challenges', { to: id, options: { name: 'Bot' } });
    expect(posted.status).toBe(201);
    expect(await ask('POST', `/bot/challenges/${posted.body.id}/accept`)).toMatchObject({ status: 403, body: { error: 'only the challenged player can accept this challenge' } });
    expect(await ask('POST', `/bot/challenges/${posted.body.id}/cancel`, undefined, other)).toMatchObject({ status: 403, body: { error: 'only the challenger can cancel this challenge' } });
    expect(await ask('POST', `/bot/challenges/${posted.body.id}/cancel`)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await ask('POST', `/bot/challenges/${posted.body.id}/cancel`)).status).toBe(404);
  });

  it('answers a join by key alone: the player’s seat back, or noSeatHeld saying why not', async () => {
    const { key } = newPlayer();
    const host = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
    const refused = await import('@colyseus/sdk').then(({ Client }) => new Client(server.endpoint).joinById(host.room.roomId, { name: 'Bot', player: key }).then(() => 'joined', (e: Error) => e.message));
    expect(refused).toBe('noSeatHeld: this player key holds no seat in this room: join with colour to take a free seat, or spectator: true to watch');
    const seated = await openLines(server.endpoint, `/bot/rooms/${host.room.roomId}/stream?name=Bot&colour=green`, key);
    await seated.next((l) => l.type === 'you' && l.colour === 'green');
    seated.close();
    await until(host.room, (st) => !st.seats[1].connected, 'the bot dropped');
    const { Client } = await import('@colyseus/sdk');
    const back = await new Client(server.endpoint).joinById(host.room.roomId, { name: 'Bot', player: key });
    back.onMessage('*', () => undefined);
    await until(host.room, (st) => st.seats[1].connected && st.seats[1].name === 'Bot', 'the seat taken back by the key alone');
    await Promise.all([back.leave(), host.room.leave()]);
  });
});

it('holds the seat of a bot that hung up, and gives it back to the key’s next stream', async () => {
  const { key, id } = newPlayer();
  const host = await create(server.endpoint, { name: 'Host', spectator: true, size: 4, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  const first = await openLines(server.endpoint, `/bot/rooms/${host.room.roomId}/stream?name=Bot&colour=red`, key);
  expect(await first.next((l) => l.type === 'you')).toMatchObject({ colour: 'red', player: id });
  host.room.send('start');
  await until(host.room, (st) => st.phase === 'playing', 'playing');
  first.close();
  await until(host.room, (st) => !st.seats[0].connected && st.seats[0].name === 'Bot' && st.seats[0].reason === 'dropped', 'the bot away, its seat held');
  // Asking to watch, with the key: the seat comes back, and the state line offers its moves on its turn.
  const again = await openLines(server.endpoint, `/bot/rooms/${host.room.roomId}/stream?name=Bot`, key);
  expect(await again.next((l) => l.type === 'you')).toMatchObject({ colour: 'red' });
  await until(host.room, (st) => st.seats[0].connected, 'the bot back');
  const state = await again.next((l) => l.type === 'state' && (l.toMove !== 'red' || l.legalMoves.length > 0));
  if (state.toMove === 'red') expect(state.legalMoves).toEqual([...host.room.state.legal]);
  again.close();
  await host.room.leave();
  expect((await fetch(`${server.endpoint}/health`)).status).toBe(200);
}, 60_000);

it('counts no bot stream’s own connection as a socket of the server’s address: six bots of six addresses watch a server of four sockets an address', async () => {
  const small = await startTestServer({ limits: { ...NO_LIMITS, sockets: 4 } });
  try {
    const host = await create(small.endpoint, { name: 'Host', colour: 'red', colours: ['red', 'green'] });
    const streams = [];
    // Each stream's own WebSocket comes from the server's loopback address, beside the host's connections.
    for (let i = 2; i <= 7; i++) streams.push(await botStream(small.endpoint, host.room.roomId, `127.0.0.${i}`));
    expect(streams.map((s) => s.status)).toEqual(Array(6).fill(200));
    await until(host.room, (st) => st.spectators === 6, 'six bots watching');
    for (const stream of streams) stream.close();
    await until(host.room, (st) => st.spectators === 0, 'the bots gone with their streams');
    await host.room.leave();
  } finally {
    await small.close();
  }
}, 60_000);
