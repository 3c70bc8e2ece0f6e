/** The per-client rate limit: messages past it are refused with `rateLimited` and change nothing. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, snapshot, startTestServer, type TestServer, twoPlayers } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ messagesPerSecond: 2 });
});
afterAll(async () => {
  await server?.close();
});

it('refuses messages past a client\'s rate, with no effect, and keeps the connection', async () => {
  const { ann, bob } = await twoPlayers(server.endpoint);
  const before = snapshot(ann);
  const emotes = () => (bob.messages.emote ?? []).length;
  for (let i = 0; i < 12; i++) ann.room.send('emote', { emote: 'hello' });
  await eventually(() => (ann.messages.error ?? []).length + (ann.messages.emote ?? []).length >= 12, 'an answer to every emote');
  const limited = (ann.messages.error as any[]).filter((e) => e.code === 'rateLimited').length;
  // The burst (twice the rate) goes through; the rest is refused.
  expect(limited).toBeGreaterThanOrEqual(12 - 4 - 1);
  await eventually(() => emotes() === 12 - limited, 'the allowed emotes');
  expect(snapshot(ann)).toBe(before);
  expect(ann.room.connection.isOpen).toBe(true);
});

