/**
 * Bots over HTTP (docs/online.md): the page's example bot, using fetch alone, run as its own
 * process against a real server, plays a rated round to its end and is rated like anyone; the
 * stream and post requests refuse what is wrong.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { playerIdOf } from '../../src/server/players/playerId';
import { NO_LIMITS } from '../../src/server/front/limits';
import { botStream, create, onlineDocsExample, startTestServer, type TestServer, until } from './helpers';
import { whenReady } from './playerChecks';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('runs the fetch-only example bot: it takes its seat, starts as host, plays a rated round to the end and is rated', async () => {
  const key = randomBytes(16).toString('base64url');
  // The bot's table: its seat (red) and a beginner computer; the bot hosts once its creator leaves the host role to it.
  const host = await create(server.endpoint, { name: 'Host', spectator: true, size: 4, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  const file = `.http-bot-${process.pid}.mjs`;
  await writeFile(file, onlineDocsExample('## Bots over HTTP'));
  try {
    const bot = promisify(execFile)(process.execPath, [file, server.endpoint, host.room.roomId, key, 'red'], { timeout: 60_000 });
    await until(host.room, (st) => st.seats[0].connected, 'the bot seated');
    // A spectator host starts for the bot; the bot would start a table it hosts itself.
    host.room.send('start');
    const { stdout } = await bot;
    expect(stdout).toMatch(/^result: red \d+, green \d+$/m);
    expect(stdout).not.toContain('refused');
  } finally {
    await rm(file, { force: true });
  }
  const id = playerIdOf(key);
  const profile = await whenReady(`${server.endpoint}/players/${id}`, (body, status) => status === 200 && body.ratedGames === 1, 'the bot rated');
  expect(profile).toMatchObject({ name: 'Bot', kind: 'human', provisional: true });
  expect(typeof profile.rating).toBe('number');
  await host.room.leave();
}, 90_000);

it('refuses bot requests without a key, with a malformed one, for no room, an unknown message, a body that is not JSON, or no stream', async () => {
  const key = randomBytes(16).toString('base64url');
  const auth = { authorization: `Bearer ${key}` };
  const ask = async (path: string, init: RequestInit = {}) => {
    const answer = await fetch(`${server.endpoint}${path}`, init);
    return { status: answer.status, error: ((await answer.json()) as { error: string }).error };
  };
  expect(await ask('/bot/rooms/ABCDE12345/stream')).toMatchObject({ status: 401, error: expect.stringMatching(/Authorization/) });
  expect(await ask('/bot/rooms/ABCDE12345/stream', { headers: { authorization: 'Bearer short' } })).toMatchObject({ status: 401 });
  expect(await ask('/bot/rooms/ABCDE12345/stream', { headers: { authorization: `Basic ${key}` } })).toMatchObject({ status: 401 });
  expect(await ask('/bot/rooms/not-a-code!/stream', { headers: auth })).toMatchObject({ status: 400, error: 'not a room code' });
  expect(await ask('/bot/rooms/ABCDE12345/stream', { headers: auth })).toMatchObject({ status: 400, error: expect.stringMatching(/name/) });
  expect(await ask('/bot/rooms/ABCDE12345/stream?name=Bot', { headers: auth })).toMatchObject({ status: 409, error: expect.stringMatching(/./) });
  expect(await ask('/bot/rooms/ABCDE12345/stream?name=Bot&colour=purple', { headers: auth })).toMatchObject({ status: 400, error: expect.stringMatching(/colour/) });
  expect(await ask('/bot/rooms/ABCDE12345/stream?name=Bot&x=1', { headers: auth })).toMatchObject({ status: 400, error: expect.stringMatching(/unknown parameter "x"/) });
  const post = (message: string, body: string, headers: Record<string, string> = auth) =>
    ask(`/bot/rooms/ABCDE12345/${message}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  expect(await post('play', '{"move":"a1"}', {})).toMatchObject({ status: 401 });
  expect(await post('teleport', '{}')).toMatchObject({ status: 404, error: expect.stringMatching(/messages: start, play/) });
  expect(await post('play', '{not json')).toMatchObject({ status: 400, error: 'the body is not JSON' });
  expect(await post('play', '{"move":"a1"}')).toMatchObject({ status: 409, error: expect.stringMatching(/open GET/) });
});

/** A bot stream's lines, read as they come (one reader for the whole stream). */
function linesOf(answer: Response): { next(wanted: (line: any) => boolean): Promise<any> } {
  const reader = answer.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    /** The next line for which `wanted` holds (the others are passed over). */
    async next(wanted) {
      for (;;) {
        let end;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const text = buffer.slice(0, end).trim();
          buffer = buffer.slice(end + 1);
          if (text && wanted(JSON.parse(text))) return JSON.parse(text);
        }
        const { done, value } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
  };
}

it('holds the seat of a bot that hung up, and gives it back to the key’s next stream', async () => {
  const key = randomBytes(16).toString('base64url');
  const auth = { authorization: `Bearer ${key}` };
  const host = await create(server.endpoint, { name: 'Host', spectator: true, size: 4, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
  const first = new AbortController();
  const answer = await fetch(`${server.endpoint}/bot/rooms/${host.room.roomId}/stream?name=Bot&colour=red`, { headers: auth, signal: first.signal });
  expect(answer.headers.get('content-type')).toBe('application/x-ndjson');
  expect(await linesOf(answer).next((l) => l.type === 'you')).toMatchObject({ colour: 'red', player: playerIdOf(key) });
  host.room.send('start');
  await until(host.room, (st) => st.phase === 'playing', 'playing');
  first.abort();
  await until(host.room, (st) => !st.seats[0].connected && st.seats[0].name === 'Bot', 'the bot away, its seat held');
  // Asking to watch, with the key: the seat comes back, and the state line offers its moves on its turn.
  const ac = new AbortController();
  const again = await fetch(`${server.endpoint}/bot/rooms/${host.room.roomId}/stream?name=Bot`, { headers: auth, signal: ac.signal });
  const lines = linesOf(again);
  expect(await lines.next((l) => l.type === 'you')).toMatchObject({ colour: 'red' });
  await until(host.room, (st) => st.seats[0].connected, 'the bot back');
  const state = await lines.next((l) => l.type === 'state' && (l.toMove !== 'red' || l.legalMoves.length > 0));
  if (state.toMove === 'red') expect(state.legalMoves.length).toBeGreaterThan(0);
  ac.abort();
  await host.room.leave();
  // The server is well: it still answers.
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
    await host.room.leave();
  } finally {
    await small.close();
  }
}, 60_000);
