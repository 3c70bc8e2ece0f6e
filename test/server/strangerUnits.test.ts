/** The pieces that bound what one client can do, on fake clocks: the token bucket, the folded log, which frames decode, spectators' places, bots' callers. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { BotCallers } from '../../src/server/front/botCallers';
import { FoldedLog, kindOf, logText, MAX_KINDS, MAX_LINE } from '../../src/server/front/foldedLog';
import { decodable } from '../../src/server/front/frames';
import { TokenBucket } from '../../src/server/front/limits';
import { asksForSeat, clientCap, SPECTATOR_PLACES, SpectatorPlaces } from '../../src/server/room/seating';

describe('TokenBucket', () => {
  it('lets through at most capacity + rate x T in any span of T, wherever it starts: no second edge to slip across', () => {
    const clock = { ms: 0 };
    const bucket = new TokenBucket(80, 20, () => clock.ms);
    // 157 frames over a second, spread evenly (as across the edge of Colyseus' fixed second): cut off at 100.
    let passed = 0;
    for (let i = 0; i < 157; i++) {
      clock.ms = (i * 1000) / 157;
      if (bucket.take()) passed++;
    }
    expect(passed).toBeLessThanOrEqual(80 + 20);
    expect(passed).toBeGreaterThanOrEqual(80 + 19);
    // Refilled at 20 a second, up to 80.
    clock.ms += 1000;
    expect([...Array(25)].filter(() => bucket.take()).length).toBe(20);
    clock.ms += 60_000;
    expect(bucket.level()).toBe(80);
  });
});

describe('FoldedLog', () => {
  it('writes the first line of a kind an interval and counts the rest, caps kinds and line length, and says the counts at the interval end', () => {
    const lines: string[] = [];
    const log = new FoldedLog((line) => lines.push(line), 60_000);
    for (let i = 0; i < 1000; i++) log.line(`room ABC${i}: seat reservation expired (session x${i})`);
    expect(lines).toEqual(['room ABC0: seat reservation expired (session x0)']);
    for (let i = 0; i < 100; i++) log.line(`kind ${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${'z'.repeat(i)} ${'y'.repeat(400)}`);
    expect(lines.length).toBeLessThanOrEqual(MAX_KINDS);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(MAX_LINE);
    log.flush();
    expect(lines).toContain(`(999 more like "${kindOf('room ABC0: seat reservation expired (session x0)')}" in 60 s)`);
    expect(lines.at(-1)).toMatch(/^\(\d+ more lines of other kinds in 60 s\)$/);
    const written = lines.join('\n').length;
    // 1,100 lines in an interval: a few KB.
    expect(written).toBeLessThan(8 * 1024);
  });

  it('shortens an error to its message and first place', () => {
    const error = new Error('boom');
    expect(logText([error])).toMatch(/^boom \(at .*\)$/);
    expect(logText(['Error: x\n    at a (f.js:1:1)\n    at b (g.js:2:2)'])).toBe('Error: x (at a (f.js:1:1))');
  });
});

describe('decodable', () => {
  it('passes frames Colyseus reads, and refuses a message whose type or payload does not decode', () => {
    const play = [...Buffer.from('play')];
    expect(decodable(new Uint8Array([13, 0xa4, ...play, 0x81, 0xa4, ...Buffer.from('move'), 0xa2, 0x61, 0x31]))).toBe(true);
    expect(decodable(new Uint8Array([]))).toBe(true);
    expect(decodable(new Uint8Array([255, 1, 2]))).toBe(true);
    expect(decodable(new Uint8Array([13, 0xa1, 0x78, 0x92]))).toBe(false);
    expect(decodable(new Uint8Array([0x15, 0x01, 0xa4, ...play, 0xdd, 0xff, 0xff, 0xff, 0xff]))).toBe(false);
  });
});

describe('SpectatorPlaces', () => {
  it('holds places from the reservation on, per room and per address, and gives back a reservation not used in time', () => {
    const clock = { ms: 0 };
    const places = new SpectatorPlaces(2, () => clock.ms, 3);
    expect(places.reserve('a1', 'A', 15)).toBe(true);
    expect(places.reserve('a2', 'A', 15)).toBe(true);
    expect(places.reserve('a3', 'A', 15)).toBe(false);
    expect(places.refusal('A')).toMatch(/at most 2 spectators of one table from one address/);
    places.joined('a1');
    expect(places.reserve('b1', 'B', 15)).toBe(true);
    expect(places.refusal('C')).toMatch(/its 3 spectators/);
    clock.ms = 15_000;
    // a2 and b1 never came: their places are free again; a1 stays.
    expect(places.reserve('c1', 'C', 15)).toBe(true);
    places.left('a1');
    expect(places.reserve('a4', 'A', 15)).toBe(true);
  });

  it('lets an address have as many seat claims waiting as it is given, each over when its client comes or its reservation runs out', () => {
    const clock = { ms: 0 };
    const places = new SpectatorPlaces(2, () => clock.ms, 3);
    expect(places.claim('a1', 'A', 15, 2)).toBe(true);
    expect(places.claim('a2', 'A', 15, 2)).toBe(true);
    expect(places.claim('a3', 'A', 15, 2)).toBe(false);
    expect(places.claim('b1', 'B', 15, 2)).toBe(true);
    // Claims take no spectator's place.
    expect(places.refusal('A')).toBeNull();
    places.arrived('a1');
    expect(places.claim('a4', 'A', 15, 2)).toBe(true);
    clock.ms = 15_000;
    expect(places.claim('a5', 'A', 15, 2)).toBe(true);
    expect(places.claim('a6', 'A', 15, 2)).toBe(true);
  });

  it('keeps four places per seat beyond the spectators, and tells a seat asked for from a watcher', () => {
    expect(clientCap(4)).toBe(SPECTATOR_PLACES + 16);
    expect(asksForSeat({ name: 'A', colour: 'red' })).toBe(true);
    expect(asksForSeat({ name: 'A', seatKey: 'k' })).toBe(true);
    expect(asksForSeat({ name: 'A', spectator: true })).toBe(false);
    expect(asksForSeat(JSON.parse('{"__proto__":{"colour":"red"}}'))).toBe(false);
    expect(asksForSeat(undefined)).toBe(false);
  });
});

describe('BotCallers', () => {
  it('names the caller of a bot stream’s own request only when the header carries this process’s secret', () => {
    const callers = new BotCallers();
    const asked = (headers: Record<string, string>) => callers.callerOf({ headers } as unknown as IncomingMessage);
    const [[name, value]] = Object.entries(callers.headersFor('127.0.0.2'));
    expect(asked({ [name]: value })).toBe('127.0.0.2');
    const secret = value.split(' ')[0];
    for (const forged of [`${'x'.repeat(secret.length)} 10.0.0.1`, `${secret.slice(1)} 10.0.0.1`, '10.0.0.1', `${secret} `, `${secret} ${'1'.repeat(65)}`]) {
      expect(asked({ [name]: forged }), forged).toBeNull();
    }
    // Another process's secret is not this one's.
    expect(new BotCallers().callerOf({ headers: { [name]: value } } as unknown as IncomingMessage)).toBeNull();
    expect(asked({})).toBeNull();
  });
});
