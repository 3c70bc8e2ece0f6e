import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { createSession } from '../../src/app/session/session';
import { captionOf, shownRound, throwTexts } from '../../src/app/session/shownRound';
import { linkDirector } from '../../src/director/link';
import { Director } from '../../src/director/timeline';
import { ballCounts, foldEvents, Game, type Seat } from '../../src/engine/index';
import { TIMING } from '../../src/director/steps';

const seats: Seat[] = [
  { kind: 'human', name: 'A', colours: ['red'], player: 0 },
  { kind: 'human', name: 'B', colours: ['green'], player: 1 },
];

/** A seed whose start throws include a colour not in play (two players: red and green). */
function seedWithRethrow(): number {
  for (let seed = 1; seed < 1000; seed++) if (new Game({ players: 2, seed }).events.filter((e) => e.type === 'ballThrown').length >= 2) return seed;
  throw new Error('no seed with a re-throw below 1000');
}

describe('shownRound: the fold of the events the board has shown', () => {
  it('equals the engine state for every prefix of a played log', () => {
    const game = new Game({ players: 2, seed: 4 });
    for (let i = 0; i < 6; i++) game.play(game.legalMoves()[i % game.legalMoves().length]);
    for (let n = 1; n <= game.events.length; n++) {
      const shown = shownRound(game.events, n, seats);
      const state = foldEvents(game.events.slice(0, n));
      expect(shown.scores).toEqual(ballCounts(state.setup, state.board).scores);
      expect(shown.toMove).toBe(state.toMove);
      expect(shown.moves.length).toBe(state.moves.length);
      expect(shown.caughtUp).toBe(n === game.events.length);
    }
    expect(shownRound(game.events, 0, seats)).toMatchObject({ count: 0, toMove: null, seatToMove: null, caughtUp: false });
  });

  it('captions the start throw: rolling, thrown again for a colour not in play, then who starts', () => {
    const game = new Game({ players: 2, seed: seedWithRethrow() });
    const events = game.events;
    const firstThrow = events.findIndex((e) => e.type === 'ballThrown');
    const turn = events.findIndex((e) => e.type === 'turn');
    const notInPlay = events[firstThrow];
    if (notInPlay.type !== 'ballThrown' || notInPlay.inPlay) throw new Error('expected a first throw out of play');
    expect(shownRound(events, firstThrow, seats).startThrow).toEqual({ kind: 'rolling' });
    expect(captionOf(shownRound(events, firstThrow + 1, seats).startThrow!)).toBe(throwTexts.rethrow(notInPlay.colour));
    expect(shownRound(events, turn, seats).startThrow).toEqual({ kind: 'starts', colour: game.state.toMove });
    expect(captionOf(shownRound(events, turn + 1, seats).startThrow!)).toMatch(/^(Red|Green) starts$/);
    game.play(game.legalMoves()[0]);
    expect(shownRound(game.events, game.events.length, seats).startThrow).toBeNull();
  });
});

describe('session following a director', () => {
  const idle: ComputerPlayer = { think: () => ({ result: new Promise(() => undefined), moveNow() {}, cancel() {} }) };
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function linked(search: string) {
    const store = createSession({ computer: idle, levels: ['master'], defaultLevel: 'master', shownByDirector: true }, { search });
    const director = new Director();
    linkDirector(store, director);
    return { s: () => store.getState(), director };
  }

  it('refuses board input until the start ball rests; nobody is shown to move before', () => {
    const { s, director } = linked('seats=human,human&seed=3');
    const move = s().snapshot.legalMoves[0];
    expect(s().snapshot.toMove).not.toBeNull(); // the engine has decided
    expect(s().shown.toMove).toBeNull();
    expect(s().legalSquares).toEqual([]);
    director.advance(TIMING.startBall * 4); // the start balls are in, the throw is in the air
    expect(s().shown.startThrow?.kind).not.toBe('starts');
    s().clickSquare(move);
    expect(s().snapshot.state.moves).toHaveLength(0);
    expect(s().message).toMatchObject({ kind: 'refusal', text: throwTexts.stillRolling });
    while (director.advance(0.5));
    expect(s().message).toBeNull(); // "still rolling" no longer applies
    expect(s().shown.toMove).toBe(s().snapshot.toMove);
    expect(s().legalSquares.length).toBeGreaterThan(0);
    s().clickSquare(move);
    expect(s().snapshot.state.moves).toHaveLength(1);
  });

  it('while the board is emptied for a new game and its start balls placed, the seats count the balls at rest on it', () => {
    const { s, director } = linked('seats=human,human,human,human&seed=3');
    director.skip();
    for (let i = 0; i < 4; i++) {
      s().clickSquare(s().snapshot.legalMoves[0]);
      director.skip();
    }
    const onBoard = s().shown.playerScores.reduce((a, b) => a + b, 0);
    expect(onBoard).toBe(4 + s().snapshot.state.moves.length);
    expect(onBoard).toBeGreaterThan(4);
    // A new game: the old balls fly back one after another, then four come in.
    s().newGame({ players: ['A', 'B', 'C', 'D'].map((name) => ({ kind: 'human' as const, name })), size: 8, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: true, seed: 5 });
    const counted = () => s().shown.playerScores.reduce((a, b) => a + b, 0);
    const drawn = () => Object.values(director.ballsAtRest() ?? {}).reduce((a, b) => a + b, 0);
    // The board still shows the old balls: the seats do not say nought.
    expect(counted()).toBe(onBoard);
    const seen: number[] = [];
    while (director.queue.some((step) => step.kind === 'start' && step.start + step.duration > director.sample().time)) {
      director.advance(0.05);
      if (director.ballsAtRest()) expect(counted()).toBe(drawn());
      seen.push(counted());
    }
    // Down to nought as the old balls leave, up to four as the start balls land.
    expect(Math.min(...seen)).toBe(0);
    expect(seen.at(-1)).toBe(4);
    expect(s().shown.playerScores).toEqual([1, 1, 1, 1]);
  });

  it('the shown scores change when the balls come to rest, not on the click; skip jumps to the end', () => {
    const { s, director } = linked('seats=human,human&seed=3');
    director.skip();
    const before = s().shown.scores;
    s().clickSquare(s().snapshot.legalMoves[0]);
    expect(s().snapshot.scores).not.toEqual(before);
    expect(s().shown.scores).toEqual(before);
    director.advance(TIMING.place - 0.05);
    expect(s().shown.scores).toEqual(before); // the ball is still flying in
    s().clickSquare(s().snapshot.legalMoves[0]);
    expect(s().message?.text).toBe(throwTexts.notYet);
    director.skip();
    expect(s().shown.scores).toEqual(s().snapshot.scores);
    expect(s().shown.caughtUp).toBe(true);
  });
});

describe('session paused by a dialog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks no computer and keeps the time left on the clock while paused', async () => {
    const asked: string[] = [];
    const computer: ComputerPlayer = {
      think: (q) => {
        asked.push(q.level);
        return { result: new Promise(() => undefined), moveNow() {}, cancel() {} };
      },
    };
    const store = createSession({ computer, levels: ['master'], defaultLevel: 'master' }, { search: 'seats=human,human&seed=3' });
    const s = () => store.getState();
    s().newGame({ players: [{ kind: 'human', name: 'A' }, { kind: 'human', name: 'B' }], size: 8, variant: 'standard', misere: false, moveTimeLimit: 10, takeBacks: true, seed: 3 });
    await vi.advanceTimersByTimeAsync(4_000);
    s().setPaused(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s().snapshot.state.moves).toHaveLength(0); // the clock did not run out behind the dialog
    s().setPaused(false);
    expect(s().clock!.deadline - Date.now()).toBe(6_000);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(s().snapshot.state.moves).toHaveLength(1);

    s().newGame({ players: [{ kind: 'computer', level: 'master', name: 'M' }, { kind: 'computer', level: 'master', name: 'N' }], size: 8, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: true, seed: 5 });
    s().setPaused(true);
    const before = asked.length;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked.length).toBe(before); // the computer's turn waits for the dialog
    s().setPaused(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(asked.length).toBe(before + 1);
    s().dispose();
  });
});
