/** What the page makes of the server's answer to `GET /players/<id>/playing`: the rooms, each with its phase, a round in play first. */
import { expect, it } from 'vitest';
import { playingRooms } from '../../src/app/online/playingRooms';

const answering = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

it('gives each room its phase, a round in play before a round over or a lobby', async () => {
  const body = { rooms: ['0ABCDEFGHJ', '1ABCDEFGHJ', '2ABCDEFGHJ'], phases: { '0ABCDEFGHJ': 'over', '1ABCDEFGHJ': 'playing', '2ABCDEFGHJ': 'waiting' }, standInLeft: { '1ABCDEFGHJ': 3, '0ABCDEFGHJ': 'x' } };
  expect(await playingRooms('http://server/', 'id', answering(200, body))).toEqual([
    { room: '1ABCDEFGHJ', phase: 'playing', standInLeft: 3 },
    { room: '0ABCDEFGHJ', phase: 'over', standInLeft: null },
    { room: '2ABCDEFGHJ', phase: 'waiting', standInLeft: null },
  ]);
});

it('takes a room whose phase is missing or unknown as in play, and drops what is not a room code', async () => {
  const body = { rooms: ['0ABCDEFGHJ', '1ABCDEFGHJ', 'not a code', 7], phases: { '1ABCDEFGHJ': 'finished' } };
  expect(await playingRooms('http://server', 'id', answering(200, body))).toEqual([
    { room: '0ABCDEFGHJ', phase: 'playing', standInLeft: null },
    { room: '1ABCDEFGHJ', phase: 'playing', standInLeft: null },
  ]);
});

it('gives none when the server fails or cannot be reached', async () => {
  expect(await playingRooms('http://server', 'id', answering(500, { error: 'down' }))).toEqual([]);
  expect(await playingRooms('http://server', 'id', (async () => { throw new TypeError('offline'); }) as typeof fetch)).toEqual([]);
});
