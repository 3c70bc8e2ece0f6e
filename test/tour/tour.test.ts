/**
 * The guided tour without a browser: its rounds are the engine's (the worked example is legal
 * where each step asks for it), which clicks the tour takes, the remembered step, and the driver
 * on a real session (the example played, others refused, the player's game given back).
 */
import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/app/session/session';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { createCameraStore } from '../../src/scene/cameraStore';
import { tourGame } from '../../src/tour/positions';
import { TOUR_STEPS } from '../../src/tour/steps';
import { exampleMade, startTourDriver, tourRefusal } from '../../src/tour/tourDriver';
import { createTourStore, readTourStep, TOUR_KEY } from '../../src/tour/tourStore';

const step = (id: string) => TOUR_STEPS.find((s) => s.id === id)!;

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

const noComputer: ComputerPlayer = {
  think: () => ({ result: new Promise<string>(() => undefined), moveNow: () => undefined, cancel: () => undefined }),
};

describe("the tour's rounds", () => {
  it('every step has a round the engine plays, red thrown first, and its example move is legal there', () => {
    for (const s of TOUR_STEPS) {
      const game = tourGame(s.position);
      expect(game.state.throws[0], s.id).toBe('red');
      if (s.move && s.move !== 'any') expect(game.check(s.move).ok, `${s.id}: ${s.move}`).toBe(true);
    }
  });

  it("is the rule sheets' worked example: f4, f6 and d6 each roll one ball; after f4 yellow places freely; Pro e3+e6 rolls e4 and e5", () => {
    const start = tourGame(step('place').position);
    expect(start.legalMoves().sort()).toEqual(['d6', 'f4', 'f6']);
    expect(start.check('f4')).toMatchObject({ ok: true, rolls: ['e4'] });
    expect(start.check('f6')).toMatchObject({ ok: true, rolls: ['e5'] });
    expect(start.check('d6')).toMatchObject({ ok: true, rolls: ['d5'] });
    const free = tourGame(step('free').position);
    expect(free.state.toMove).toBe('yellow');
    expect(free.legalMoves().sort()).toEqual(['c3', 'c4', 'c5', 'c6', 'd3', 'd6', 'e3', 'e6', 'f3', 'f5', 'f6', 'g3', 'g4', 'g5']);
    const pro = tourGame(step('pro').position);
    expect(pro.check('e3+e6')).toMatchObject({ ok: true, rolls: ['e4', 'e5'] });
  });

  it('the end step leaves exactly one socket, and playing it ends the round', () => {
    const game = tourGame(step('end').position);
    expect(Object.keys(game.state.board)).toHaveLength(63);
    expect(game.legalMoves()).toHaveLength(1);
    game.play(game.legalMoves()[0]);
    expect(game.state.over).toBe(true);
  });
});

describe('which clicks the tour takes', () => {
  const legal = (id: string) => tourGame(step(id).position).legalMoves();

  it('lets the example and illegal clicks through (the engine refuses those), and says which socket a legal other click is not', () => {
    expect(tourRefusal(step('place'), 'f4', legal('place'), null, false)).toBeNull();
    expect(tourRefusal(step('place'), 'c3', legal('place'), null, false)).toBeNull();
    expect(tourRefusal(step('place'), 'f6', legal('place'), null, false)).toBe('f6 is allowed here, but this step asks for f4.');
    expect(tourRefusal(step('place'), 'f4', legal('place'), null, true)).toBe('Nothing to play in this step: read on with Next.');
    expect(tourRefusal(step('board'), 'f4', legal('board'), null, false)).toBe('Nothing to play in this step: read on with Next.');
    expect(tourRefusal(step('free'), 'g5', legal('free'), null, false)).toBeNull();
  });

  it('builds the Pro double from its two squares only', () => {
    const moves = legal('pro');
    expect(tourRefusal(step('pro'), 'e3', moves, null, false)).toBeNull();
    expect(tourRefusal(step('pro'), 'e6', moves, 'e3', false)).toBeNull();
    expect(tourRefusal(step('pro'), 'd3', moves, null, false)).toBe('d3 is allowed here, but this step asks for e3+e6.');
    expect(tourRefusal(step('pro'), 'e3', moves, 'e3', false)).toBe('e3 is allowed here, but this step asks for e3+e6.');
  });

  it('knows the example is made from the first move after the round shown', () => {
    const game = tourGame(step('pro').position);
    game.play('e6+e3');
    expect(exampleMade(step('pro'), game.state.moves, 1)).toBe(true);
    expect(exampleMade(step('pro'), game.state.moves, 2)).toBe(false);
    expect(exampleMade(step('team'), game.state.moves, 1)).toBe(false);
  });
});

describe('the remembered step', () => {
  it('reads a step in range and names anything else', () => {
    expect(readTourStep(null)).toEqual({ step: null, problem: null });
    expect(readTourStep('{"step":4}')).toEqual({ step: 4, problem: null });
    expect(readTourStep('{"step":99}')).toEqual({ step: null, problem: '{"step":99}' });
    expect(readTourStep('not json\n')).toEqual({ step: null, problem: 'not json\\n' });
  });

  it('is kept on leaving and resumed; finishing forgets it; a bad one is dropped and reported', () => {
    const storage = memoryStorage();
    const tour = createTourStore(storage);
    tour.getState().start();
    tour.getState().go(3);
    tour.getState().exit();
    expect(storage.map.get(TOUR_KEY)).toBe('{"step":3}');
    const again = createTourStore(storage);
    expect(again.getState().resumeAt).toBe(3);
    again.getState().start();
    expect(again.getState()).toMatchObject({ open: true, step: 3 });
    again.getState().finish();
    expect(storage.map.has(TOUR_KEY)).toBe(false);
    const bad = createTourStore(memoryStorage({ [TOUR_KEY]: '[' }));
    expect(bad.getState()).toMatchObject({ problem: '[', resumeAt: null, step: 0 });
  });
});

describe('the tour on a session', () => {
  function setUp() {
    const storage = memoryStorage();
    const session = createSession({ computer: noComputer, levels: ['master'], defaultLevel: 'master', storage, keepGame: true }, { search: '?seats=human,human&seed=5' });
    const tour = createTourStore(storage);
    const camera = createCameraStore();
    const throws: string[] = [];
    const stop = startTourDriver(session, tour, camera, () => throws.push(TOUR_STEPS[tour.getState().step].id));
    return { session, tour, camera, stop, throws };
  }

  it('shows each step in replay with the camera on it, takes only the example, and gives the game back on exit', () => {
    const { session, tour, camera, stop } = setUp();
    session.getState().clickSquare(session.getState().snapshot.legalMoves[0]);
    const game = session.getState().snapshot.record;
    tour.getState().start();
    tour.getState().go(TOUR_STEPS.findIndex((s) => s.id === 'place'));
    expect(session.getState().replay).not.toBeNull();
    expect(camera.getState().focus).toEqual(step('place').focus);
    expect(session.getState().snapshot.state.moves).toEqual([]);

    session.getState().clickSquare('f6');
    expect(session.getState().message).toMatchObject({ kind: 'refusal', text: 'f6 is allowed here, but this step asks for f4.' });
    session.getState().clickSquare('c3');
    expect(session.getState().message).toMatchObject({ kind: 'refusal', text: 'you must capture: f4, d6, and f6 capture' });
    expect(session.getState().snapshot.state.moves).toEqual([]);
    session.getState().clickSquare('f4');
    expect(session.getState().snapshot.scores).toEqual({ red: 3, yellow: 0, green: 1, blue: 1 });

    // The free step shows its round at its last move: red's f4 played, yellow to move.
    tour.getState().go(TOUR_STEPS.findIndex((s) => s.id === 'free'));
    expect(session.getState().snapshot.state.moves.map((m) => m.squares.join('+'))).toEqual(['f4']);
    expect(tour.getState().before).toBe(1);

    tour.getState().exit();
    expect(session.getState().replay).toBeNull();
    expect(session.getState().clickGuard).toBeNull();
    expect(camera.getState().focus).toBeNull();
    expect(session.getState().snapshot.record).toBe(game);
    stop();
  });

  it('plays the throw on the throw step only, each time the step is shown', () => {
    const { tour, stop, throws } = setUp();
    tour.getState().start();
    for (const s of TOUR_STEPS.slice(1)) tour.getState().go(TOUR_STEPS.indexOf(s));
    tour.getState().go(TOUR_STEPS.findIndex((s) => s.id === 'throw'));
    expect(throws).toEqual(['throw', 'throw']);
    stop();
  });

  it('gives back the replay open before the tour, on its line at the same move', () => {
    const { session, tour, stop } = setUp();
    const legal = () => session.getState().snapshot.legalMoves[0];
    for (let i = 0; i < 4; i++) session.getState().clickSquare(legal());
    const record = session.getState().snapshot.record;
    session.getState().openRecord(record);
    session.getState().replayGo(0, 3);
    // A variation from move 2: the replay follows line 1 at its third move.
    session.getState().replayGo(0, 2);
    const other = session.getState().snapshot.legalMoves.find((m) => m !== session.getState().replay!.lines[0][2].text)!;
    session.getState().clickSquare(other);
    const replay = session.getState().replay!;
    expect(replay.line).toBe(1);
    const moves = session.getState().snapshot.state.moves.map((m) => m.squares.join('+'));

    tour.getState().start();
    tour.getState().go(TOUR_STEPS.findIndex((s) => s.id === 'place'));
    expect(session.getState().replay).not.toBe(replay);
    tour.getState().exit();
    expect(session.getState().replay).toBe(replay);
    expect(session.getState().snapshot.state.moves.map((m) => m.squares.join('+'))).toEqual(moves);
    expect(session.getState().clickGuard).toBeNull();
    stop();
  });

  it('a new game during the tour ends it, keeping that game', () => {
    const { session, tour, stop } = setUp();
    tour.getState().start();
    session.getState().newGame({ players: [{ kind: 'human', name: 'A' }, { kind: 'human', name: 'B' }], size: 6, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: true, seed: 9 });
    expect(tour.getState().open).toBe(false);
    expect(session.getState().snapshot.setup.size).toBe(6);
    expect(session.getState().clickGuard).toBeNull();
    stop();
  });
});
