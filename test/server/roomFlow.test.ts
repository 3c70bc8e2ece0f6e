/**
 * The room's turn flow against a fake clock, with no network (roomHarness.ts): drops, returns,
 * time-outs, stand-ins, host passing and rematches, each at the millisecond the rules say.
 */
import { expect, it, vi } from 'vitest';
import type { Game } from '../../src/engine';
import { FALLBACK_LEVEL, fallbackMove } from '../../src/ai/computerFallback';
import { type OpenedRoom, roomsOnFakeClock, eventsSent, received, type FakeClient } from './roomHarness';

const openRoom = roomsOnFakeClock();

/** Ann (red, the host) and Bob (green) at a started two-player table. */
async function twoAtTable(options: Record<string, unknown> = {}, config = {}) {
  const t = await openRoom(config, { name: 'Ann', colour: 'red', colours: ['red', 'green'], ...options });
  const ann = t.join({});
  const bob = t.join({ name: 'Bob', colour: 'green' });
  t.send(ann, 'start');
  expect(t.state.phase).toBe('playing');
  const byColour = (colour: string) => (colour === 'red' ? ann : bob);
  return { t, ann, bob, mover: () => byColour(t.state.toMove), waiter: () => byColour(t.state.toMove === 'red' ? 'green' : 'red') };
}

/** The first legal move of the round as the room has it. */
function legal(t: OpenedRoom): string {
  return (t.room as unknown as { flow: { game: { legalMoves(): string[] } } }).flow.game.legalMoves()[0];
}

const errors = (c: FakeClient) => received<{ code: string; reason?: string }>(c, 'error');

it('plays a move of the player to move, and refuses the other player, an occupied square and one that touches no ball', async () => {
  const { t, mover, waiter } = await twoAtTable();
  const [me, other] = [mover(), waiter()];
  t.send(other, 'play', { move: legal(t) });
  t.send(me, 'play', { move: 'd4' });
  t.send(me, 'play', { move: 'a1' });
  expect(errors(other).map((e) => e.code)).toEqual(['notYourTurn']);
  expect(errors(me).map((e) => e.reason)).toEqual(['occupied', 'touchesNoBall']);
  expect(t.state.moves.length).toBe(0);
  t.send(me, 'play', { move: legal(t) });
  expect(t.state.moves.length).toBe(1);
});

it('times a turn out at its deadline, not before, and gives the next turn its own', async () => {
  const { t } = await twoAtTable({ timeLimit: 3 });
  const deadline = t.state.moveDeadline;
  expect(deadline).toBe(Date.now() + 3000);
  await t.advance(2990);
  expect(t.state.moves.length).toBe(0);
  await t.advance(20);
  expect(t.state.moves.length).toBe(1);
  expect(t.state.moveDeadline).toBeGreaterThanOrEqual(deadline + 3000);
});

it('a player who drops on their turn is stood in for after the grace, and when back on the turn is still timed out by the original deadline', async () => {
  const { t, ann, mover } = await twoAtTable({ timeLimit: 5 }, { graceSeconds: 1, computerDelayMs: 100 });
  const away = mover();
  const seat = t.state.seats.findIndex((s) => s.colour === t.state.toMove);
  const deadline = t.state.moveDeadline;
  await t.drop(away);
  expect(t.state.seats[seat].connected).toBe(false);
  expect(t.state.seats[seat].standIn).toBe(false);
  await t.advance(1000);
  expect(t.state.seats[seat].standIn).toBe(true);
  await t.advance(100);
  expect(t.questions).toHaveLength(1); // the stand-in thinks, slower than the clock here
  t.reconnect(away);
  expect(t.state.seats[seat].standIn).toBe(false);
  expect(t.questions[0].wanted()).toBe(false);
  expect(t.state.moveDeadline).toBe(deadline);
  t.questions[0].answer(legal(t)); // a late answer is dropped
  await t.advance(deadline - Date.now() - 10);
  expect(t.state.moves.length).toBe(0);
  await t.advance(20);
  expect(t.state.moves.length).toBe(1);
  expect(eventsSent(ann).some((e) => e.type === 'timeExpired')).toBe(true);
});

it('a player back on their turn and away again gets a new stand-in question: the first one, dropped meanwhile, no longer counts', async () => {
  const { t, mover } = await twoAtTable({}, { graceSeconds: 1, computerDelayMs: 100 });
  const away = mover();
  for (const _ of [1, 2]) {
    await t.drop(away);
    await t.advance(1100);
    t.reconnect(away);
  }
  await t.drop(away);
  await t.advance(1100);
  expect(t.questions.map((q) => q.wanted())).toEqual([false, false, true]);
  t.questions[2].answer(legal(t));
  await t.advance(0);
  expect(t.state.moves.length).toBe(1);
});

it('a stand-in plays for a player who left; the host who left passes the role on, and the rematch seats rotate', async () => {
  const { t, ann, bob } = await twoAtTable({}, { computerDelayMs: 100 });
  t.leave(ann);
  expect(received<{ host: boolean }>(bob, 'you').at(-1)!.host).toBe(true);
  expect(t.state.host).toBe('green');
  const annSeat = t.state.seats.findIndex((s) => s.name === 'Ann');
  expect(t.state.seats[annSeat].standIn).toBe(true);
  // The seat says who holds it and why, as the match flow does (the page reads these).
  expect(t.state.seats.map((s) => [s.name, s.player, s.holder, s.reason])).toEqual([['Ann', 0, 'computer', 'left'], ['Bob', 1, 'person', 'seated']]);
  // Bob plays his turns; the computer plays Ann's.
  for (let i = 0; t.state.phase === 'playing' && i < 200; i++) {
    if (t.state.toMove === 'green') t.send(bob, 'play', { move: legal(t) });
    else {
      await t.advance(100);
      t.questions.at(-1)!.answer(legal(t));
      await t.advance(0);
    }
  }
  expect(t.state.phase).toBe('over');
  // The computer's moves for Ann, counted on her seat as in the round's result.
  expect(t.state.seats[annSeat].standInMoves).toBeGreaterThan(0);
  expect(t.state.seats[annSeat].standInMoves).toBe(t.state.results.at(-1)!.standInMoves[annSeat]);
  await t.advance(10); // the record is saved
  t.send(bob, 'rematch');
  expect(errors(bob)).toEqual([]);
  expect(t.state.phase).toBe('playing');
  expect(t.state.round).toBe(1);
  // Seats rotate: Bob now sits where Ann sat; the new round counts no stand-in moves yet.
  expect(t.state.seats[annSeat].name).toBe('Bob');
  expect(t.state.seats[annSeat].player).toBe(1);
  expect(t.state.seats.map((s) => s.standInMoves)).toEqual([0, 0]);
  expect(received<{ colour: string }>(bob, 'you').at(-1)!.colour).toBe(t.state.seats[annSeat].colour);
});

it('a host away past the grace hands the role on, so the other player can start the rematch', async () => {
  const { t, ann, bob } = await twoAtTable({}, { graceSeconds: 1, computerDelayMs: 100 });
  await t.drop(ann);
  expect(t.state.host).toBe('red');
  await t.advance(1000);
  expect(t.state.host).toBe('green');
  expect(received<{ host: boolean }>(bob, 'you').at(-1)!.host).toBe(true);
  t.send(bob, 'resign');
  // Both seats are the computer's now: it plays the round to its end.
  for (let i = 0; t.state.phase === 'playing' && i < 200; i++) {
    await t.advance(100);
    t.questions.at(-1)!.answer(legal(t));
    await t.advance(0);
  }
  expect(t.state.phase).toBe('over');
  await t.advance(10);
  t.send(bob, 'rematch');
  expect(errors(bob)).toEqual([]);
  expect(t.state.round).toBe(1);
  // Bob is back at the table for the new round; Ann, still away, keeps her stand-in.
  const seats = Object.fromEntries(t.state.seats.map((s) => [s.name, s.standIn]));
  expect(seats).toEqual({ Ann: true, Bob: false });
});

it('a computer whose search fails is told once (log, clients) and plays the fallback level\'s move; a stale answer after the turn passed changes nothing', async () => {
  const { t, ann, bob } = await twoAtTable({ timeLimit: 2 }, { computerDelayMs: 100 });
  t.leave(ann); // her seat is the computer's
  const annColour = t.state.seats.find((s) => s.name === 'Ann')!.colour;
  if (t.state.toMove !== annColour) t.send(bob, 'play', { move: legal(t) });
  await t.advance(100);
  const before = t.state.moves.length;
  const game = (t.room as unknown as { flow: { game: Game } }).flow.game;
  const expected = fallbackMove(game);
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  t.questions.at(-1)!.fail(new Error('the search crashed'));
  await t.advance(0);
  expect(t.state.moves.length).toBe(before + 1);
  expect(t.state.moves.at(-1)).toBe(expected);
  expect(logged).toHaveBeenCalledTimes(1);
  expect(String(logged.mock.calls[0][0])).toMatch(new RegExp(`^rolit room ${t.room.roomId}: the tactician computer cannot search \\(the search crashed.*; its seats play at ${FALLBACK_LEVEL}$`));
  expect(received(bob, 'computerFallback')).toEqual([{ colour: annColour, level: 'tactician', fallback: FALLBACK_LEVEL }]);
  // Bob's turn now: a late answer for Ann's passed turn is dropped.
  t.questions.at(-1)!.answer('f5');
  await t.advance(0);
  expect(t.state.moves.length).toBe(before + 1);
  expect(t.state.toMove).not.toBe(annColour);
  // Failing again, the level plays at the fallback level without a word more.
  t.send(bob, 'play', { move: legal(t) });
  await t.advance(100);
  t.questions.at(-1)!.fail(new Error('the search crashed'));
  await t.advance(0);
  expect(t.state.moves.length).toBe(before + 3);
  expect(logged).toHaveBeenCalledTimes(1);
  expect(received(bob, 'computerFallback')).toHaveLength(1);
});

it('a listed table left by its last player closes only after its lobby listing is saved, so no lobby hears of it after its removal', async () => {
  const t = await openRoom({}, { name: 'Ann', colour: 'red', colours: ['red', 'green'], listed: true });
  const ann = t.join({});
  const saves: { seated: unknown[] }[] = [];
  let saved = () => {};
  Object.assign(t.room, {
    setMetadata: (listing: { seated: unknown[] }) => {
      saves.push(listing);
      return new Promise<void>((resolve) => (saved = resolve));
    },
  });
  let left = false;
  void t.leave(ann).then(() => (left = true));
  await t.advance(10);
  expect(saves.map((s) => s.seated.length)).toEqual([0]);
  expect(left).toBe(false);
  saved();
  await t.advance(10);
  expect(left).toBe(true);
});
