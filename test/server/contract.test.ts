/**
 * docs/online.md point by point against a real server: defaults and refusals of create and join,
 * names, the `events` a round starts with, refused joins' codes, frames Colyseus cannot decode,
 * when a deserted room closes, and what a fault in one room does (that room only).
 */
import { Client } from '@colyseus/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Game, readRecord } from '../../src/engine';
import { ComputerPool } from '../../src/server/computers/computerPool';
import { SPECTATOR_PLACES } from '../../src/server/room/seating';
import { ROOM_FAULT_CLOSE } from '../../src/wire/contract';
import { create, eventually, join, next, playFirst, type Seen, startTestServer, type TestServer, twoPlayers, until } from './helpers';

const GRACE = 0.5;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ graceSeconds: GRACE });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The code of a refused create or join (the SDK's error code), or 'joined'. */
async function refusal(attempt: Promise<unknown>): Promise<{ code: unknown; message: string } | 'joined'> {
  try {
    const room = (await attempt) as { leave(): Promise<unknown> };
    await room.leave();
    return 'joined';
  } catch (e) {
    return { code: (e as { code?: unknown }).code, message: (e as Error).message };
  }
}

/** Closes the connection without leaving (a network drop), the SDK's own reconnection off. */
async function drop(seen: Seen): Promise<void> {
  seen.room.reconnection.enabled = false;
  await seen.room.leave(false);
}

/** Resolves when the room no longer exists (a join by its code is refused as not found). */
async function closed(code: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const result = await refusal(new Client(server.endpoint).joinById(code, { name: 'Probe', spectator: true }));
    if (result !== 'joined' && result.code === 522) return;
    if (Date.now() > end) throw new Error(`room ${code} still open`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('create and join options', () => {
  it('takes { size: 4 } alone: colours default to red and green, the 4x4 board being for one or two', async () => {
    const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 4 });
    await until(ann.room, (st) => st.seats.length === 2, 'two seats');
    expect(ann.room.state.seats.map((s: { colour: string }) => s.colour)).toEqual(['red', 'green']);
    await ann.room.leave();
  });

  it('refuses colours out of seat order, a level that is no level, and names that are no well-formed Unicode', async () => {
    const bad = [
      [{ name: 'Ann', colour: 'red', colours: ['green', 'red'] }, 'badSetup: colours must be listed once each, in seat order (clockwise from red), not green,red'],
      [{ name: 'Ann', colour: 'red', colours: ['red', 'green'], seats: [{ kind: 'human' }, { kind: 'computer', level: 'random' }] }, 'badOptions'],
      [{ name: 'x\uD800', colour: 'red' }, 'badOptions: name: not well-formed Unicode (a lone surrogate)'],
      [{ name: '\uDC00Ann', spectator: true }, 'badOptions: name: not well-formed Unicode'],
    ] as const;
    for (const [options, text] of bad) {
      const result = await refusal(new Client(server.endpoint).create('rolit', options));
      expect(result, JSON.stringify(options)).not.toBe('joined');
      expect((result as { message: string }).message).toContain(text);
    }
    const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
    const joined = await refusal(new Client(server.endpoint).joinById(ann.room.roomId, { name: 'Bob\uD83D', colour: 'green' }));
    expect((joined as { message: string }).message).toContain('badOptions: name: not well-formed Unicode');
    // A pair of surrogates is one character; names are kept NFC (e + combining acute is é).
    await join(server.endpoint, ann.room.roomId, { name: ' Zoe\u0301 \uD83D\uDE00', colour: 'green' });
    await until(ann.room, (st) => st.seats[1].name !== '', 'the second seat taken');
    expect(ann.room.state.seats[1].name).toBe('Zo\u00e9 \uD83D\uDE00');
    await ann.room.leave();
  });

  it('refuses names that pass for another with badOptions naming the problem: a computer\'s seat in any language, scripts mixed to look alike; a fullwidth name is put in NFKC', async () => {
    const bad = [
      ['computer (master)', "name: reads as a computer's seat"],
      ['Ordinateur (Maître)', "name: reads as a computer's seat"],
      ['Meister 2', "name: reads as a computer's seat"],
      ['M\u0430in', 'name: mixes scripts (Latin and Cyrillic)'],
    ] as const;
    for (const [name, text] of bad) {
      const result = await refusal(new Client(server.endpoint).create('rolit', { name, colour: 'red' }));
      expect((result as { message: string }).message, name).toContain(`badOptions: ${text}`);
    }
    const ann = await create(server.endpoint, { name: '\uFF2Dain', colour: 'red', colours: ['red', 'green'] });
    await until(ann.room, (st) => st.seats[0].name !== '', 'seated');
    expect(ann.room.state.seats[0].name).toBe('Main');
    const joined = await refusal(new Client(server.endpoint).joinById(ann.room.roomId, { name: 'computer (tactician)', colour: 'green' }));
    expect((joined as { message: string }).message).toContain("badOptions: name: reads as a computer's seat");
    await ann.room.leave();
  });

  it('refuses joins with the documented codes: 521 for join by name, 522 for no such room or a full one, 526 for ours (the SDK then warns of 4002), 524 for a used reconnection token (it changes on every reconnection)', async () => {
    const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
    expect(await refusal(new Client(server.endpoint).joinById('0000000000', { name: 'Bob', colour: 'green' }))).toMatchObject({ code: 522 });
    // A refused join fails with 526; the SDK then warns that the join's connection closed with 4002 (Colyseus' close after an error).
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await refusal(new Client(server.endpoint).joinById(ann.room.roomId, { name: 'Bob', colour: 'red' }))).toMatchObject({ code: 526, message: 'colourTaken: red is taken' });
    await expect.poll(() => warned.mock.calls.map((c) => String(c[0]))).toContain('Room connection was closed unexpectedly (4002): ');
    warned.mockRestore();
    // `rolit` rooms are not matched: `join` by name is refused with 521.
    expect(await refusal(new Client(server.endpoint).join('rolit', { name: 'Bob', colour: 'green' }))).toEqual({ code: 521, message: 'rolit rooms are joined by their code (joinById)' });
    // The reconnection token changes on every reconnection: the old one is then refused.
    const bob = await join(server.endpoint, ann.room.roomId, { name: 'Bob', colour: 'green' });
    const token = bob.room.reconnectionToken;
    await drop(bob);
    const back = await new Client(server.endpoint).reconnect(token);
    expect(back.reconnectionToken).not.toBe(token);
    expect(await refusal(new Client(server.endpoint).reconnect(token))).toMatchObject({ code: 524 });
    await back.leave();
    // Spectators have places of their own (SPECTATOR_PLACES): past them one is refused, and a free colour can still be taken.
    const watchers = await Promise.all(Array.from({ length: SPECTATOR_PLACES }, (_, i) => new Client(server.endpoint).joinById(ann.room.roomId, { name: `Eve ${i}`, spectator: true })));
    expect(await refusal(new Client(server.endpoint).joinById(ann.room.roomId, { name: 'Zed', spectator: true }))).toMatchObject({ code: 526, message: expect.stringMatching(/^spectatorsFull: /) });
    const green = await new Client(server.endpoint).joinById(ann.room.roomId, { name: 'Bob', colour: 'green' });
    await Promise.all([ann.room, green, ...watchers].map((room) => room.leave()));
  });
});

describe('rounds', () => {
  it('sends a round\'s log from 0 once to each client at its start, after `you`', async () => {
    const { ann, bob, eve } = await twoPlayers(server.endpoint);
    for (const s of [ann, bob, eve]) {
      await eventually(() => (s.messages.events ?? []).length >= 1, 'the round\'s events');
      const starts = (s.messages.events as { from: number; round: number }[]).filter((m) => m.from === 0 && m.round === 0);
      expect(starts).toHaveLength(1);
    }
    // A move brings the new events only.
    const before = (ann.messages.events ?? []).length;
    const mover = ann.room.state.toMove === 'red' ? ann : bob;
    await playFirst(mover);
    const after = await eventually(() => (ann.messages.events ?? []).length > before, 'the move\'s events').then(() => ann.messages.events![before] as { from: number });
    expect(after.from).toBeGreaterThan(0);
    await Promise.all([ann, bob, eve].map((s) => s.room.leave()));
  });
});

describe('frames Colyseus cannot decode', () => {
  it('ignores an empty frame and unknown protocol bytes, answers unknown types with unknownMessage, closes a payload that does not decode with 4002', async () => {
    const ann = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
    ann.room.reconnection.enabled = false;
    const answered = async (send: () => void) => {
      const reply = next(ann, 'error');
      send();
      ann.room.send('play', { move: '??' }); // a refused marker: the frame before it was handled
      return reply;
    };
    // Ignored: the next answer is the marker's.
    expect(await answered(() => ann.room.connection.send(new Uint8Array([])))).toMatchObject({ code: 'notPlaying' });
    expect(await answered(() => ann.room.connection.send(new Uint8Array([255, 1, 2])))).toMatchObject({ code: 'notPlaying' });
    // Decoded as a message of an unknown type.
    expect(await answered(() => ann.room.send('' as string, {}))).toMatchObject({ code: 'unknownMessage' });
    expect(await answered(() => ann.room.send(200 as unknown as string, {}))).toMatchObject({ code: 'unknownMessage' });
    // ROOM_DATA (13), type "x", then a msgpack array of two values cut off after its first byte.
    const left = new Promise<number>((resolve) => ann.room.onLeave((code) => resolve(code)));
    ann.room.connection.send(new Uint8Array([13, 0xa1, 0x78, 0x92]));
    expect(await left).toBe(4002);
  });
});

describe('a deserted room', () => {
  it('closes once every player dropped, in the lobby, after a round, and during a round (after computers finish it)', async () => {
    // Lobby: after the grace.
    const lobby = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
    await drop(lobby);
    await closed(lobby.room.roomId);

    // During a round against a computer: the stand-in plays it to the end, then the room closes.
    const playing = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 4, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
    playing.room.send('start');
    await until(playing.room, (st) => st.phase === 'playing', 'playing');
    await drop(playing);
    await closed(playing.room.roomId, 20_000);

    // After a round: the same.
    const over = await create(server.endpoint, { name: 'Ann', colour: 'red', size: 4, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
    const spectator = await join(server.endpoint, over.room.roomId, { name: 'Eve', spectator: true });
    over.room.send('start');
    while (over.room.state.phase !== 'over') {
      await until(over.room, (st) => st.phase === 'over' || st.toMove === 'red', 'red to move or the end', 10_000);
      if (over.room.state.phase === 'over') break;
      const moves = over.room.state.moves.length;
      await playFirst(over);
      await until(over.room, (st) => st.moves.length > moves, 'the move played');
    }
    await Promise.all([drop(over), drop(spectator)]);
    await closed(over.room.roomId);
  }, 40_000);
});

describe('a fault in a room', () => {
  async function faulted(room: Seen): Promise<{ code: number; message: { text: string; record: string } }> {
    room.room.reconnection.enabled = false;
    const code = await new Promise<number>((resolve) => room.room.onLeave((c) => resolve(c)));
    await eventually(() => (room.messages.fault ?? []).length === 1, 'the fault message');
    return { code, message: room.messages.fault![0] as { text: string; record: string } };
  }

  it('closes that room only, saves its round and tells its clients: a computer\'s move that fails to play', async () => {
    const other = await twoPlayers(server.endpoint);
    const victim = await create(server.endpoint, { name: 'Ann', colour: 'red', colours: ['red', 'green'], seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] });
    const eve = await join(server.endpoint, victim.room.roomId, { name: 'Eve', spectator: true });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The computer answers a legal move, and playing it fails.
    vi.spyOn(ComputerPool.prototype, 'choose').mockImplementation(async (events) => Game.fromEvents(events).legalMoves()[0]);
    const play = Game.prototype.play;
    const failing = vi.spyOn(Game.prototype, 'play').mockImplementation(function (this: Game, move: string) {
      if (this.state.toMove === 'green') throw new Error('injected');
      return play.call(this, move);
    });
    const ends = [faulted(victim), faulted(eve)];
    victim.room.send('start');
    await until(victim.room, (st) => st.phase === 'playing', 'playing');
    if (victim.room.state.toMove === 'red') await playFirst(victim);
    const [ann, spectator] = await Promise.all(ends);
    failing.mockRestore();
    for (const end of [ann, spectator]) {
      expect(end.code).toBe(ROOM_FAULT_CLOSE);
      expect(end.message.text).toBe('the room failed and is closed');
    }
    expect(ann.message.record).toBe(`${victim.room.roomId}-round1-unfinished.rolit`);
    const record = readRecord(await (await fetch(`${server.endpoint}/records/${ann.message.record}`)).text());
    expect(record.game.state.over).toBe(false);
    const faults = logged.mock.calls.map((c) => String(c[0])).filter((line) => line.includes(victim.room.roomId));
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatch(new RegExp(`^rolit room ${victim.room.roomId}: fault in computer move: .*; the room closes$`));
    expect(faults[0]).not.toContain('\n');
    await closed(victim.room.roomId);

    // The other room plays on.
    const moves = other.ann.room.state.moves.length;
    await playFirst(other.ann.room.state.toMove === 'red' ? other.ann : other.bob);
    await until(other.eve.room, (st) => st.moves.length === moves + 1, 'the other room\'s move');
    await Promise.all([other.ann, other.bob, other.eve].map((s) => s.room.leave()));
  });

  it('closes the room on a fault in a message handler and in a clock callback', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = await twoPlayers(server.endpoint);
    const ends = [faulted(message.ann), faulted(message.bob)];
    vi.spyOn(Game.prototype, 'check').mockImplementationOnce(() => {
      throw new Error('injected');
    });
    (message.ann.room.state.toMove === 'red' ? message.ann : message.bob).room.send('play', { move: 'f4' });
    for (const end of await Promise.all(ends)) expect(end.code).toBe(ROOM_FAULT_CLOSE);

    const clock = await twoPlayers(server.endpoint, { timeLimit: 1 });
    const clockEnds = [faulted(clock.ann), faulted(clock.eve)];
    vi.spyOn(Game.prototype, 'expireClock').mockImplementationOnce(() => {
      throw new Error('injected');
    });
    for (const end of await Promise.all(clockEnds)) {
      expect(end.code).toBe(ROOM_FAULT_CLOSE);
      expect(end.message.record).toBe(`${clock.ann.room.roomId}-round1-unfinished.rolit`);
    }
  });
});

