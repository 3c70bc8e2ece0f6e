/**
 * The room's side of the wire (src/wire): its table of handlers refuses an unknown type and a
 * payload of another shape by their codes; an illegal move's refusal carries the engine's reason
 * and what it names; each round's result is published as an object, with the moves a computer
 * played for a person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorMessage } from '../../src/wire/contract';
import { eventually, gameOf, next, playFirst, snapshot, startTestServer, type Seen, type TestServer, twoPlayers, until } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A finished round's result as a client decodes it from the state, in plain objects. */
function resultOf(seen: Seen, index: number) {
  const r = seen.room.state.results[index];
  return { round: r.round, scores: Object.fromEntries(r.scores.entries()), playerScores: [...r.playerScores], winners: [...r.winners], standInMoves: [...r.standInMoves], gaveUp: [...r.gaveUp] };
}

/** Ann plays her turns (first legal move) until the round is over; Bob's are his own or his stand-in's. Seats rotate: the mover is found by name. */
async function playToTheEnd(ann: Seen, bob: Seen, bobPlays: boolean): Promise<void> {
  while (ann.room.state.phase === 'playing') {
    const st = ann.room.state;
    const count = st.moves.length;
    const mover = st.seats.find((s: { colours: string[] }) => s.colours.includes(st.toMove)).name === 'Ann' ? ann : bob;
    if (mover === ann || bobPlays) await playFirst(mover);
    await until(ann.room, (st) => st.moves.length > count || st.phase !== 'playing', `move ${count + 1}`, 10_000);
  }
}

describe('the room’s wire', () => {
  it('refuses an unknown type and a malformed payload by their codes, and an illegal move with the engine’s reason and square', async () => {
    const { ann, bob, eve } = await twoPlayers(server.endpoint);
    const mover = ann.room.state.toMove === 'red' ? ann : bob;
    const before = snapshot(ann);
    const refusal = async (seen: Seen, type: string, payload: unknown): Promise<ErrorMessage> => {
      const answer = next<ErrorMessage>(seen, 'error');
      seen.room.send(type, payload);
      return answer;
    };
    expect(await refusal(mover, 'teleport', { move: 'd3' })).toMatchObject({ code: 'unknownMessage' });
    const malformed = await refusal(mover, 'play', { move: 42 });
    expect(malformed.code).toBe('malformed');
    expect(malformed.text).toMatch(/^play: move: /);
    // The start balls are d4, e4, d5 and e5: d4 is occupied; a1 touches no ball.
    expect(await refusal(mover, 'play', { move: 'd4' })).toEqual({ code: 'illegalMove', text: 'd4 is occupied', reason: 'occupied', params: { square: 'd4' } });
    expect(await refusal(mover, 'play', { move: 'a1' })).toEqual({ code: 'illegalMove', text: 'a1 touches no ball', reason: 'touchesNoBall', params: { square: 'a1' } });
    // Refusals that are not the engine's carry no reason.
    expect(await refusal(eve, 'play', { move: 'd3' })).toEqual({ code: 'spectator', text: 'spectators cannot play' });
    expect(snapshot(ann)).toBe(before);
    // The turn is the mover's still.
    const count = ann.room.state.moves.length;
    await playFirst(mover);
    await until(ann.room, (st) => st.moves.length === count + 1, 'the legal move');
    for (const s of [ann, bob, eve]) await s.room.leave();
  });

  it('checks a move\'s rules in the documented order, and answers a message without a type as such', async () => {
    const { ann, bob, eve } = await twoPlayers(server.endpoint);
    const mover = ann.room.state.toMove === 'red' ? ann : bob;
    const reasonOf = async (move: string) => {
      const answer = next<ErrorMessage>(mover, 'error');
      mover.room.send('play', { move });
      return (await answer).reason;
    };
    // Written wrong before anything else: more than one `+` or an empty part, then a part that names no square.
    expect(await reasonOf('')).toBe('notAMove');
    expect(await reasonOf('d4+')).toBe('notAMove');
    expect(await reasonOf('a1+b1+c1')).toBe('notAMove');
    expect(await reasonOf('hello')).toBe('notASquare');
    expect(await reasonOf('F4')).toBe('notASquare');
    expect(await reasonOf('i9+i9')).toBe('notASquare');
    expect(await reasonOf('d4+d4')).toBe('doubleSameSquare');
    // Then the board: every square's ball before any square's neighbours, then capturing, then the double.
    expect(await reasonOf('a1+d4')).toBe('occupied');
    expect(await reasonOf('a1+a8')).toBe('touchesNoBall');
    expect(await reasonOf('c3+f6')).toBe('mustCapture');
    const typeless = next<ErrorMessage>(mover, 'error');
    mover.room.send('', {});
    expect(await typeless).toEqual({ code: 'unknownMessage', text: 'a message without a type: the room\'s messages are start, play, fill, rematch, emote, resign' });
    const unknown = next<ErrorMessage>(mover, 'error');
    mover.room.send('teleport', {});
    expect((await unknown).text).toBe('unknown message type "teleport": the room\'s messages are start, play, fill, rematch, emote, resign');
    for (const s of [ann, bob, eve]) await s.room.leave();
  });

  it('publishes the legal moves of the player to move, as the engine has them (Pro doubles too), and none once the round is over', async () => {
    for (const variant of ['standard', 'pro']) {
      const { ann, bob, eve } = await twoPlayers(server.endpoint, { variant, size: 4 });
      let doubles = 0;
      while (eve.room.state.phase === 'playing') {
        const count = eve.room.state.moves.length;
        await eventually(() => gameOf(eve).state.moves.length === count, 'the events of every move');
        const legal = gameOf(eve).legalMoves();
        expect([...eve.room.state.legal]).toEqual(legal);
        doubles += legal.filter((m) => m.includes('+')).length;
        const mover = eve.room.state.seats.find((s: { colours: string[] }) => s.colours.includes(eve.room.state.toMove)).name === 'Ann' ? ann : bob;
        // The last of them: a Pro double whenever one is legal (on the 4x4 board this way, one is in every round).
        mover.room.send('play', { move: legal.at(-1) });
        await until(eve.room, (st) => st.moves.length > count || st.phase !== 'playing', `move ${count + 1}`);
      }
      expect([...eve.room.state.legal]).toEqual([]);
      if (variant === 'pro') expect(doubles).toBeGreaterThan(0);
      else expect(doubles).toBe(0);
      for (const s of [ann, bob, eve]) await s.room.leave();
    }
  });

  it('publishes each round’s result as an object, with the moves the computer played for a person who resigned', async () => {
    const { ann, bob, eve } = await twoPlayers(server.endpoint, { size: 4, standIn: 'beginner' });
    // Bob resigns before any move: every green move of the round is the stand-in's.
    bob.room.send('resign');
    await until(ann.room, (st) => st.seats[1].resigned, 'Bob resigned');
    await playToTheEnd(ann, bob, false);
    await until(eve.room, (st) => st.results.length === 1, 'the result');
    const game = gameOf(eve);
    const greenMoves = game.state.moves.filter((m) => m.colour === 'green').length;
    expect(greenMoves).toBeGreaterThan(0);
    // Resigned, Bob gave the round up: placed last, he wins nothing whatever the stand-in made of the board.
    for (const seen of [ann, bob, eve]) expect(resultOf(seen, 0)).toEqual({ round: 0, ...game.state.result, winners: [0], standInMoves: [0, greenMoves], gaveUp: [false, true] });

    // The rematch: Bob plays his own seat again, and the count starts afresh.
    await until(ann.room, (st) => st.records.length === 1, 'the round saved');
    ann.room.send('rematch');
    await Promise.all([ann, bob].map((s) => until(s.room, (st) => st.phase === 'playing' && st.round === 1 && st.toMove !== '', 'the rematch')));
    await playToTheEnd(ann, bob, true);
    await until(eve.room, (st) => st.results.length === 2, 'the second result');
    expect(resultOf(eve, 1)).toEqual({ round: 1, ...gameOf(eve).state.result, standInMoves: [0, 0], gaveUp: [false, false] });
    for (const s of [ann, bob, eve]) await s.room.leave();
  }, 60_000);
});
