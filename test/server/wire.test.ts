/**
 * The room's side of the wire (src/wire): its table of handlers refuses an unknown type and a
 * payload of another shape by their codes; an illegal move's refusal carries the engine's reason
 * and what it names; each round's result is published as an object, with the moves a computer
 * played for a person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorMessage } from '../../src/wire/contract';
import { gameOf, next, playFirst, snapshot, startTestServer, type Seen, type TestServer, twoPlayers, until } from './helpers';

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
  return { round: r.round, scores: Object.fromEntries(r.scores.entries()), playerScores: [...r.playerScores], winners: [...r.winners], standInMoves: [...r.standInMoves] };
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
    for (const seen of [ann, bob, eve]) expect(resultOf(seen, 0)).toEqual({ round: 0, ...game.state.result, standInMoves: [0, greenMoves] });

    // The rematch: Bob plays his own seat again, and the count starts afresh.
    await until(ann.room, (st) => st.records.length === 1, 'the round saved');
    ann.room.send('rematch');
    await Promise.all([ann, bob].map((s) => until(s.room, (st) => st.phase === 'playing' && st.round === 1 && st.toMove !== '', 'the rematch')));
    await playToTheEnd(ann, bob, true);
    await until(eve.room, (st) => st.results.length === 2, 'the second result');
    expect(resultOf(eve, 1)).toEqual({ round: 1, ...gameOf(eve).state.result, standInMoves: [0, 0] });
    for (const s of [ann, bob, eve]) await s.room.leave();
  }, 60_000);
});
