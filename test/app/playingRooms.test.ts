/** What the page makes of the server's answer to `GET /players/<id>/playing`, asked with the player's key: the rooms, each with its phase, a round in play first. */
import { expect, it } from 'vitest';
import { playingRooms } from '../../src/app/online/playingRooms';

const KEY = 'k'.repeat(22);
const answering = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

it('gives each room its phase, a round in play before a round over or a lobby', async () => {
  const body = { rooms: ['0ABCDEFGHJ', '1ABCDEFGHJ', '2ABCDEFGHJ'], phases: { '0ABCDEFGHJ': 'over', '1ABCDEFGHJ': 'playing', '2ABCDEFGHJ': 'waiting' }, standInLeft: { '1ABCDEFGHJ': 3, '0ABCDEFGHJ': 'x' } };
  expect(await playingRooms('http://server/', 'id', KEY, answering(200, body))).toEqual([
    { room: '1ABCDEFGHJ', phase: 'playing', standInLeft: 3 },
    { room: '0ABCDEFGHJ', phase: 'over', standInLeft: null },
    { room: '2ABCDEFGHJ', phase: 'waiting', standInLeft: null },
  ]);
});

it('takes a room whose phase is missing or unknown as in play, and drops what is not a room code', async () => {
  const body = { rooms: ['0ABCDEFGHJ', '1ABCDEFGHJ', 'not a code', 7], phases: { '1ABCDEFGHJ': 'finished' } };
  expect(await playingRooms('http://server', 'id', KEY, answering(200, body))).toEqual([
    { room: '0ABCDEFGHJ', phase: 'playing', standInLeft: null },
    { room: '1ABCDEFGHJ', phase: 'playing', standInLeft: null },
  ]);
});

it('gives none when the server fails or cannot be reached', async () => {
  expect(await playingRooms('http://server', 'id', KEY, answering(500, { error: 'down' }))).toEqual([]);
  expect(await playingRooms('http://server', 'id', KEY, (async () => { throw new TypeError('offline'); }) as typeof fetch)).toEqual([]);
});

it('asks with the player key as Authorization: Bearer, and gives none when the server refuses it', async () => {
  const asked: [string, Headers][] = [];
  const fetcher = (async (url: string, init?: RequestInit) => {
    asked.push([url, new Headers(init?.headers)]);
    return new Response(JSON.stringify({ error: 'only the player sees where they play' }), { status: 403 });
  }) as typeof fetch;
  expect(await playingRooms('http://server/', 'id/1', KEY, fetcher)).toEqual([]);
  expect(asked.map(([url, headers]) => [url, headers.get('authorization')])).toEqual([['http://server/players/id%2F1/playing', `Bearer ${KEY}`]]);
});
