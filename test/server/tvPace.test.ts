/**
 * TV's pace (docs/online.md, TV) on a fake clock, with no network (roomHarness.ts): each computer
 * move is played `tvMoveMs` after the move before, however fast its search answered (a slower
 * search is played as it answers), and the next round starts `tvPauseMs` after a round's result.
 * The pace set by the environment, as `npm run server` and `npm start`'s game server read it.
 */
import { expect, it, vi } from 'vitest';
import { ServerTable } from '../../src/server/room/serverTable';
import { tvPaceFromEnv } from '../../src/server/room/tvPace';
import { type OpenedRoom, roomsOnFakeClock } from './roomHarness';

const openRoom = roomsOnFakeClock();

/** The timers' own, before the fake ones replace them. */
const realSetTimeout = globalThis.setTimeout;
const MOVE_MS = 2000;
const PAUSE_MS = 5000;

/** The promises a clock tick resolved have run (the answer played). */
const settled = () => vi.advanceTimersByTimeAsync(0);

/** The room's computer answers its open question with the round's first legal move. */
function answer(t: OpenedRoom): void {
  const game = (t.room as unknown as { flow: { game: { legalMoves(): string[] } } }).flow.game;
  t.questions.at(-1)!.answer(game.legalMoves()[0]);
}

it('plays TV a move every tvMoveMs (a slower search when it answers) and pauses tvPauseMs on each result', async () => {
  const t = await openRoom({ tvMoveMs: MOVE_MS, tvPauseMs: PAUSE_MS, computerDelayMs: 600 }, { table: ServerTable.tv() });
  t.join({ name: 'Eve' });
  expect(t.state.phase).toBe('playing');
  for (let move = 1; move <= 3; move++) {
    // Asked at the room's next tick (no computer delay on TV), answered at once, played only at the pace.
    await t.advance(10);
    expect(t.questions).toHaveLength(move);
    answer(t);
    await t.advance(MOVE_MS - 10);
    await settled();
    expect(t.state.moves.length).toBe(move - 1);
    await t.advance(10);
    await settled();
    expect(t.state.moves.length).toBe(move);
  }
  // A search slower than the pace is played as it answers.
  await t.advance(MOVE_MS + 1000);
  expect(t.questions).toHaveLength(4);
  expect(t.state.moves.length).toBe(3);
  answer(t);
  await settled();
  expect(t.state.moves.length).toBe(4);
  // The round to its end, then the pause on its result.
  while (t.state.phase === 'playing') {
    await t.advance(10);
    answer(t);
    // To the move in ticks, so that the clock stands still from the round's end while its record is written.
    for (let waited = 0; waited < MOVE_MS && t.state.phase === 'playing'; waited += 10) await t.advance(10);
  }
  expect(t.state.phase).toBe('over');
  // The pause runs from the round's record saved (a file written, in real time, the fake clock standing still).
  while (t.state.records.length === 0) await new Promise((resolve) => realSetTimeout(resolve, 5));
  await t.advance(PAUSE_MS - 100);
  expect([t.state.phase, t.state.round]).toEqual(['over', 0]);
  await t.advance(200);
  await settled();
  expect([t.state.phase, t.state.round]).toEqual(['playing', 1]);
});

it('reads TV’s pace from ROLIT_TV_MOVE and ROLIT_TV_PAUSE, each left to the default when unset, and says which is wrong', () => {
  expect(tvPaceFromEnv({ ROLIT_TV_MOVE: '500', ROLIT_TV_PAUSE: '0' })).toEqual({ tvMoveMs: 500, tvPauseMs: 0 });
  expect(tvPaceFromEnv({ ROLIT_TV_PAUSE: '1500' })).toEqual({ tvMoveMs: undefined, tvPauseMs: 1500 });
  expect(tvPaceFromEnv({ ROLIT_TV_MOVE: '' })).toEqual({ tvMoveMs: undefined, tvPauseMs: undefined });
  expect(() => tvPaceFromEnv({ ROLIT_TV_MOVE: 'fast' })).toThrow('ROLIT_TV_MOVE: expected a number of ms >= 0, not "fast"');
  expect(() => tvPaceFromEnv({ ROLIT_TV_MOVE: '100', ROLIT_TV_PAUSE: '-1' })).toThrow('ROLIT_TV_PAUSE: expected a number of ms >= 0, not "-1"');
});
