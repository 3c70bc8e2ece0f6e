/**
 * Room codes (docs/online.md, "Room name and code"): ten symbols without look-alikes, drawn at
 * random; people may type them in any case, grouped, with O for 0 and I or L for 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupedRoomCode, ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, roomCodeOf } from '../../src/wire/contract';
import { newRoomCode } from '../../src/server/room/roomCode';
import { readOnlineParameters, tvLink } from '../../src/app/online/onlineAddress';
import { create, join, startTestServer, type TestServer, until } from './helpers';

const page = { protocol: 'http:', hostname: 'localhost', host: 'localhost:5173' };

describe('room codes', () => {
  it('have no look-alike symbols', () => {
    expect(ROOM_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(ROOM_CODE_ALPHABET).size).toBe(32);
    for (const lookAlike of 'ILOU') expect(ROOM_CODE_ALPHABET).not.toContain(lookAlike);
    expect(ROOM_CODE_ALPHABET).toBe(ROOM_CODE_ALPHABET.toUpperCase());
  });

  it('are drawn at random from the whole alphabet', () => {
    const codes = Array.from({ length: 2000 }, newRoomCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(roomCodeOf(code)).toBe(code);
    // Every symbol, in every position: 2000 draws of 32 symbols leave none out by chance (< 1e-25).
    for (let i = 0; i < ROOM_CODE_LENGTH; i++) expect(new Set(codes.map((c) => c[i])).size).toBe(32);
  });

  it('are read as people type them: any case, spaces or hyphens, O for 0, I and L for 1', () => {
    expect(roomCodeOf('7KQ2M9XB4T')).toBe('7KQ2M9XB4T');
    expect(roomCodeOf('7kq2m9xb4t')).toBe('7KQ2M9XB4T');
    expect(roomCodeOf(' 7kq2m-9xb4t ')).toBe('7KQ2M9XB4T');
    expect(roomCodeOf('7KQ2M 9XB4T')).toBe('7KQ2M9XB4T');
    expect(roomCodeOf('o0iI1lL2m3')).toBe('00111112M3');
    expect(roomCodeOf('OIL')).toBeNull();
    for (const bad of ['', '7KQ2M9XB4', '7KQ2M9XB4TT', '7KQ2M9XB4U', '7KQ2M9XB4_', '7KQ2M9XB4é', 'nosuchroom', '7KQ2M9XB4T/..']) expect(roomCodeOf(bad), bad).toBeNull();
  });

  it('are shown in two groups of five for reading aloud, and read back as the same code', () => {
    const code = newRoomCode();
    expect(groupedRoomCode(code)).toMatch(/^[0-9A-Z]{5} [0-9A-Z]{5}$/);
    expect(roomCodeOf(groupedRoomCode(code))).toBe(code);
  });
  it('a link takes the code in any case; a link with no code says so', () => {
    expect(readOnlineParameters('?room=7kq2m-9xb4t&seats=human,ai', page)).toMatchObject({ room: '7KQ2M9XB4T', rest: '?seats=human%2Cai', problem: null });
    expect(readOnlineParameters('?room=abc', page)).toMatchObject({ room: null, problem: { key: 'badRoom', value: 'abc' } });
    // A Watch live link opens TV; a room's code given too comes first.
    expect(readOnlineParameters('?tv&speed=2', page)).toMatchObject({ room: null, tv: true, rest: '?speed=2', problem: null });
    expect(readOnlineParameters('?tv=&room=7kq2m9xb4t', page)).toMatchObject({ room: '7KQ2M9XB4T', tv: false, rest: '' });
    expect(readOnlineParameters('?seats=human,ai', page)).toMatchObject({ tv: false });
    expect(tvLink({ origin: 'https://rolit.example', pathname: '/play/', search: '?room=X&server=h%3A1' })).toBe('https://rolit.example/play/?tv&server=h%3A1');
    expect(tvLink({ origin: 'http://localhost:5173', pathname: '/', search: '' })).toBe('http://localhost:5173/?tv');
  });
});

describe('rooms on the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('are named by a new code each, which a friend can type in lower case', async () => {
    const rooms = await Promise.all(Array.from({ length: 5 }, () => create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'] })));
    const codes = rooms.map((s) => s.room.roomId);
    for (const code of codes) expect(roomCodeOf(code)).toBe(code);
    expect(new Set(codes).size).toBe(codes.length);
    const typed = codes[0].toLowerCase().replace(/^(.{5})/, '$1-');
    const bob = await join(server.endpoint, roomCodeOf(typed)!, { name: 'Bob', colour: 'green' });
    await until(rooms[0].room, (st) => st.seats[1].name === 'Bob', 'Bob seated');
    await Promise.all([...rooms, bob].map((s) => s.room.leave()));
  });
});
