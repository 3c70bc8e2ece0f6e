/**
 * The turn flow (src/flow/turnFlow.ts) against vitest's fake clock, with a scripted computer:
 * whose turn, the move clock, stand-ins, drops and returns, rematches. No network, no server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Game, type GameEvent, makeRound, type Match, playerInSeat, seatOfPlayer, startMatch } from '../../src/engine';
import { createMoveClock, type FlowClock, type Holder, type Mover, TurnFlow, type TurnFlowHost, wallClock, whoseTurn } from '../../src/flow/turnFlow';

const DELAY = 300;

/** A computer whose answers the test gives (or fails), one question at a time. */
interface Question {
  level: string;
  wanted: () => boolean;
  answer(move: string | null): void;
  fail(error: Error): void;
}

function twoPlayerMatch(moveTimeLimit: number, players: Holder['kind'][] = ['human', 'human']): Match {
  return startMatch({
    players: players.map((kind, i) => ({ kind, level: kind === 'computer' ? 'novice' : undefined, name: `p${i}` })),
    size: 8,
    variant: 'standard',
    misere: false,
    moveTimeLimit,
    takeBacks: false,
    seed: 42,
  });
}

/** A flow for round `round` (from `options.game` if given), its holders (changed by the test), what it published and the computer's questions. */
function run(match: Match, round = 0, clock: FlowClock = wallClock, options: { game?: Game; host?: Partial<TurnFlowHost> } = {}) {
  const holders: Holder[] = match.players.map((p) => ({ kind: p.kind, level: p.level ?? 'novice', standIn: false }));
  const questions: Question[] = [];
  const published: GameEvent[][] = [];
  const movers: Mover[] = [];
  const failures: unknown[] = [];
  const host: TurnFlowHost = {
    clock,
    holder: (player) => holders[player],
    computerDelayMs: DELAY,
    askComputer: (_game: Game, level: string, wanted: () => boolean) =>
      new Promise<string | null>((resolve, reject) => questions.push({ level, wanted, answer: resolve, fail: reject })),
    moved: (events, mover) => {
      published.push(events);
      movers.push(mover);
    },
    computerFailed: (e) => failures.push(e),
    fault: (e) => {
      throw e;
    },
    ...options.host,
  };
  const flow = new TurnFlow(match, round, host, options.game);
  flow.start();
  return { flow, holders, questions, published, movers, failures };
}

const timedOut = (events: readonly GameEvent[]) => events.some((e) => e.type === 'timeExpired');

/** Persons play the first legal move of every turn until the round is over. */
function playToEnd(flow: TurnFlow): void {
  while (!flow.game.state.over) flow.play(flow.turn()!.player, flow.game.legalMoves()[0]);
}

/** The mover drops (a computer stands in for them) and the pause before its question passes; returns the turn. */
async function standInForMover({ flow, holders }: ReturnType<typeof run>) {
  const turn = flow.turn()!;
  holders[turn.player].standIn = true;
  flow.hostChanged();
  await vi.advanceTimersByTimeAsync(DELAY);
  return turn;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('whose turn', () => {
  it('names the seat to move and the match player in it, rotating seats between rounds', () => {
    const match = twoPlayerMatch(0);
    for (const round of [0, 1, 2]) {
      const { flow } = run(match, round);
      const turn = flow.turn()!;
      expect(flow.game.setup.players[turn.seat]).toContain(turn.colour);
      expect(turn.player).toBe(playerInSeat(turn.seat, round, 2));
      expect(seatOfPlayer(turn.player, round, 2)).toBe(turn.seat);
      expect(turn.moveNumber).toBe(1);
      flow.stop();
    }
    // Round 1 seats player 0 where player 1 sat in round 0.
    expect(playerInSeat(0, 1, 2)).toBe(1);
    expect(seatOfPlayer(0, 1, 2)).toBe(1);
  });

  it('is nobody once the round is over', () => {
    const { flow } = run(twoPlayerMatch(0));
    playToEnd(flow);
    expect(flow.turn()).toBeNull();
    expect(whoseTurn(flow.game, 0, 2)).toBeNull();
  });
});

describe('a person moves', () => {
  it('plays a legal move of the player to move, and publishes it with the turn handed on', () => {
    const { flow, published, movers } = run(twoPlayerMatch(0));
    const turn = flow.turn()!;
    expect(flow.play(turn.player, flow.game.legalMoves()[0])).toBeNull();
    expect(published).toHaveLength(1);
    expect(movers).toEqual([{ player: turn.player, by: 'person' }]);
    expect(published[0].some((e) => e.type === 'ballPlaced')).toBe(true);
    expect(flow.turn()!.moveNumber).toBe(2);
    expect(flow.turn()!.player).not.toBe(turn.player);
  });

  it('refuses the other player, an occupied square and one that touches no ball, changing nothing; the turn stays playable', () => {
    const { flow, published } = run(twoPlayerMatch(0));
    const turn = flow.turn()!;
    expect(flow.play(1 - turn.player, flow.game.legalMoves()[0])).toEqual({ code: 'notYourTurn', colour: turn.colour });
    // The centre's starting balls: d4 is taken on the 8x8 board.
    expect(flow.game.state.board.d4).toBeDefined();
    expect(flow.play(turn.player, 'd4')).toMatchObject({ code: 'illegalMove', refusal: { code: 'occupied' } });
    expect(flow.play(turn.player, 'a1')).toMatchObject({ code: 'illegalMove', refusal: { code: 'touchesNoBall' } });
    expect(published).toHaveLength(0);
    expect(flow.play(turn.player, flow.game.legalMoves()[0])).toBeNull();
    expect(published).toHaveLength(1);
  });

  it('refuses a person whose seat a computer holds (a stand-in)', () => {
    const { flow, holders } = run(twoPlayerMatch(0));
    const turn = flow.turn()!;
    holders[turn.player].standIn = true;
    expect(flow.play(turn.player, flow.game.legalMoves()[0])).toMatchObject({ code: 'notYourTurn' });
  });
});

describe('the move clock', () => {
  it('plays the time-out move at the deadline, not before, and gives the next turn its own deadline', async () => {
    const { flow, published, movers } = run(twoPlayerMatch(2));
    const mover = flow.turn()!.player;
    const first = flow.deadline;
    expect(first).toBe(Date.now() + 2000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(published).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(published).toHaveLength(1);
    expect(timedOut(published[0])).toBe(true);
    expect(movers).toEqual([{ player: mover, by: 'clock' }]);
    expect(flow.deadline).toBe(first + 2000);
  });

  it('keeps the deadline when a timer fires early', async () => {
    // A clock whose timers fire 500 ms early, as a room's clock ticking coarsely might.
    const early: FlowClock = { now: () => Date.now(), setTimeout: (run, ms) => wallClock.setTimeout(run, Math.max(0, ms - 500)) };
    const moveClock = createMoveClock(early);
    const fired: number[] = [];
    const deadline = Date.now() + 2000;
    moveClock.start(deadline, () => fired.push(Date.now()));
    await vi.advanceTimersByTimeAsync(1999);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([deadline]);
  });

  it('has no deadline without a time limit, and never plays for a person', async () => {
    const { flow, published } = run(twoPlayerMatch(0));
    expect(flow.deadline).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(published).toHaveLength(0);
  });

  it('stops: no clock or computer answer plays on', async () => {
    const table = run(twoPlayerMatch(2));
    const { flow, questions, published } = table;
    await standInForMover(table);
    expect(questions).toHaveLength(1);
    flow.stop();
    expect(flow.deadline).toBe(0);
    questions[0].answer(flow.game.legalMoves()[0]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(published).toHaveLength(0);
    expect(questions[0].wanted()).toBe(false);
  });
});

describe('computers and stand-ins', () => {
  it('asks a computer seat after the pause and plays its answer', async () => {
    const { flow, questions, published } = run(twoPlayerMatch(0, ['computer', 'computer']));
    await vi.advanceTimersByTimeAsync(DELAY - 1);
    expect(questions).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(questions).toHaveLength(1);
    expect(questions[0].level).toBe('novice');
    questions[0].answer(flow.game.legalMoves()[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(published).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(questions).toHaveLength(2);
  });

  it('a change at another seat (a player resigns or drops) asks the computer to move nothing twice', async () => {
    const { flow, holders, questions } = run(twoPlayerMatch(0, ['computer', 'human']));
    const mover = flow.turn()!.player;
    await vi.advanceTimersByTimeAsync(mover === 0 ? DELAY : 0);
    if (mover === 1) {
      flow.play(1, flow.game.legalMoves()[0]);
      await vi.advanceTimersByTimeAsync(DELAY);
    }
    expect(questions).toHaveLength(1);
    holders[1].standIn = true;
    flow.hostChanged();
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(questions).toHaveLength(1);
    expect(questions[0].wanted()).toBe(true);
  });

  it('a player who drops on their turn is stood in for; back before the answer, they play it, and the answer is dropped', async () => {
    const table = run(twoPlayerMatch(0));
    const { flow, holders, questions, published } = table;
    const turn = await standInForMover(table);
    expect(questions).toHaveLength(1);
    holders[turn.player].standIn = false;
    flow.hostChanged();
    expect(questions[0].wanted()).toBe(false);
    questions[0].answer(flow.game.legalMoves()[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(published).toHaveLength(0);
    expect(flow.play(turn.player, flow.game.legalMoves()[0])).toBeNull();
    expect(published).toHaveLength(1);
  });

  it('a player who drops again on the same turn gets a new question; the first one no longer counts', async () => {
    const { flow, holders, questions, published } = run(twoPlayerMatch(0));
    const turn = flow.turn()!;
    for (const standIn of [true, false, true]) {
      holders[turn.player].standIn = standIn;
      flow.hostChanged();
      await vi.advanceTimersByTimeAsync(DELAY);
    }
    expect(questions).toHaveLength(2);
    expect(questions.map((q) => q.wanted())).toEqual([false, true]);
    questions[1].answer(flow.game.legalMoves()[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(published).toHaveLength(1);
  });

  it('a player who returns on their turn is still timed out by the original deadline', async () => {
    const { flow, holders, questions, published } = run(twoPlayerMatch(4));
    const turn = flow.turn()!;
    const deadline = flow.deadline;
    await vi.advanceTimersByTimeAsync(1000);
    holders[turn.player].standIn = true; // dropped, grace over
    flow.hostChanged();
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(questions).toHaveLength(1); // the computer thinks, slower than the clock
    holders[turn.player].standIn = false; // back
    flow.hostChanged();
    expect(flow.deadline).toBe(deadline);
    await vi.advanceTimersByTimeAsync(deadline - Date.now() - 1);
    expect(published).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(published).toHaveLength(1);
    expect(timedOut(published[0])).toBe(true);
    expect(Date.now()).toBe(deadline);
  });

  it('a stand-in plays for a player away for good, through the turns to the round end', async () => {
    const { flow, holders, questions, movers } = run(twoPlayerMatch(0, ['human', 'computer']));
    holders[0].standIn = true;
    flow.hostChanged();
    for (let i = 0; !flow.game.state.over && i < 200; i++) {
      await vi.advanceTimersByTimeAsync(DELAY);
      questions.at(-1)!.answer(flow.game.legalMoves()[0]);
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(flow.game.state.over).toBe(true);
    // Every move was a computer's, the stand-in's among them (the room counts those for the person).
    expect(movers.every((m) => m.by === 'computer')).toBe(true);
    expect(movers.filter((m) => m.player === 0).length).toBeGreaterThan(0);
    expect(flow.turn()).toBeNull();
  });

  it('a failing computer is reported with its level, and the host\'s fallback move keeps the round going', async () => {
    for (const limit of [0, 3]) {
      const levels: string[] = [];
      const { flow, questions, published, failures } = run(twoPlayerMatch(limit, ['computer', 'computer']), 0, wallClock, {
        host: { computerFailed: (_e, level) => levels.push(level), fallbackMove: (game) => game.legalMoves().at(-1)! },
      });
      await vi.advanceTimersByTimeAsync(DELAY);
      const last = flow.game.legalMoves().at(-1)!;
      questions[0].fail(new Error('the search crashed'));
      await vi.advanceTimersByTimeAsync(0);
      expect(levels).toEqual(['novice']);
      expect(failures).toHaveLength(0);
      expect(published).toHaveLength(1);
      expect(timedOut(published[0])).toBe(false);
      expect(published[0]).toContainEqual(expect.objectContaining({ type: 'ballPlaced', square: last }));
      flow.stop();
    }
  });

  it('a failing computer without a fallback is a fault of the host', async () => {
    const faults: unknown[] = [];
    const { flow, questions, published, failures } = run(twoPlayerMatch(0, ['computer', 'computer']), 0, wallClock, { host: { fault: (e) => faults.push(e) } });
    await vi.advanceTimersByTimeAsync(DELAY);
    questions[0].fail(new Error('the search crashed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toHaveLength(1);
    expect(faults).toEqual([new Error('the search crashed')]);
    expect(published).toHaveLength(0);
    flow.stop();
  });

  it('a computer answering a move the rules refuse is refused and told of like a failing search: the fallback move plays, the round goes on', async () => {
    const failed: string[] = [];
    const { flow, questions, published } = run(twoPlayerMatch(0, ['computer', 'computer']), 0, wallClock, {
      host: { computerFailed: (e) => failed.push((e as Error).message), fallbackMove: (game) => game.legalMoves().at(-1)! },
    });
    await vi.advanceTimersByTimeAsync(DELAY);
    const last = flow.game.legalMoves().at(-1)!;
    questions[0].answer('d4');
    await vi.advanceTimersByTimeAsync(0);
    expect(failed).toEqual([expect.stringMatching(/^the novice computer answered "d4", a move the rules refuse: d4 is occupied/)]);
    expect(published).toHaveLength(1);
    expect(published[0]).toContainEqual(expect.objectContaining({ type: 'ballPlaced', square: last }));
    flow.stop();
  });

  it('drops a computer answer for a turn that has passed', async () => {
    const table = run(twoPlayerMatch(2));
    const { flow, questions, published } = table;
    await standInForMover(table);
    const late = questions[0];
    const move = flow.game.legalMoves()[0];
    await vi.advanceTimersByTimeAsync(2000 - DELAY); // the clock ends the turn first
    expect(published).toHaveLength(1);
    expect(late.wanted()).toBe(false);
    late.answer(move);
    await vi.advanceTimersByTimeAsync(0);
    expect(published).toHaveLength(1);
  });
});

describe('rounds', () => {
  it('a rematch is the next round of the same match: a new game, the seats rotated, the last round stopped', async () => {
    const match = twoPlayerMatch(2);
    const first = run(match, 0);
    playToEnd(first.flow);
    expect(first.flow.deadline).toBe(0);
    const second = run(match, 1);
    expect(second.flow.game).not.toBe(first.flow.game);
    expect(second.flow.game.state.moves).toHaveLength(0);
    const turn = second.flow.turn()!;
    expect(turn.player).toBe(playerInSeat(turn.seat, 1, 2));
    await vi.advanceTimersByTimeAsync(2000);
    expect(second.published).toHaveLength(1);
    expect(first.published.every((events) => !timedOut(events))).toBe(true);
  });
});

describe("the page's round", () => {
  /** The page's host: a gate (the board caught up, no dialog), held computers, persons' turns timed. */
  function page(match: Match, game?: Game) {
    const gate = { open: true, held: false, dropped: 0 };
    const table = run(match, 0, wallClock, {
      game,
      host: { turnMayRun: () => gate.open, holdsComputers: () => gate.held, timing: 'persons', computerDelayMs: 0, questionDropped: () => void gate.dropped++ },
    });
    return { ...table, gate };
  }

  it('starts from any position of the round: a resumed game, a replay\'s move', async () => {
    const match = twoPlayerMatch(0, ['computer', 'computer']);
    const game = makeRound(match, 0).game;
    for (let i = 0; i < 5; i++) game.play(game.legalMoves()[0]);
    const { flow, questions, published } = run(match, 0, wallClock, { game });
    expect(flow.game).toBe(game);
    expect(flow.turn()!.moveNumber).toBe(6);
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(questions).toHaveLength(1);
    questions[0].answer(game.legalMoves()[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(published).toHaveLength(1);
    expect(game.state.moves).toHaveLength(6);
  });

  it('a take-back goes back to the last turn a person holds; the clock and the open question are dropped, the turn starts again', async () => {
    const match = { ...twoPlayerMatch(10, ['human', 'computer']), takeBacks: true };
    const { flow, questions, published, gate } = page(match);
    /** The computer answers its open question with its first legal move. */
    const computerMoves = async () => {
      await vi.advanceTimersByTimeAsync(0);
      questions.at(-1)!.answer(flow.game.legalMoves()[0]);
      await vi.advanceTimersByTimeAsync(0);
    };
    if (flow.turn()!.player === 1) await computerMoves();
    // The person moves, the computer answers, the person moves again: the computer's question is open.
    const personTurn = flow.turn()!;
    expect(personTurn.player).toBe(0);
    expect(flow.deadline).toBe(Date.now() + 10_000);
    flow.play(0, flow.game.legalMoves()[0]);
    expect(flow.deadline).toBe(0); // a computer's turn is not timed on the page
    await computerMoves();
    await vi.advanceTimersByTimeAsync(4000);
    flow.play(0, flow.game.legalMoves()[0]);
    await vi.advanceTimersByTimeAsync(0);
    const open = questions.at(-1)!;
    expect(open.wanted()).toBe(true);
    const count = published.length;

    // Back over the person's move to their turn before, and again over the computer's move to the first.
    flow.takeBack();
    expect(flow.turn()).toEqual({ ...personTurn, moveNumber: personTurn.moveNumber + 2 });
    expect(open.wanted()).toBe(false);
    expect(gate.dropped).toBe(1);
    flow.takeBack();
    expect(flow.turn()).toEqual(personTurn);
    // The person's turn starts again with the whole time limit; the dropped answer plays nothing.
    expect(flow.deadline).toBe(Date.now() + 10_000);
    open.answer(flow.game.legalMoves()[0]);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(published).toHaveLength(count);
    await vi.advanceTimersByTimeAsync(1);
    expect(timedOut(published.at(-1)!)).toBe(true);
  });

  it('a take-back with take-backs off throws the engine\'s refusal and changes nothing', () => {
    const { flow } = run(twoPlayerMatch(0));
    flow.play(flow.turn()!.player, flow.game.legalMoves()[0]);
    const turn = flow.turn();
    expect(() => flow.takeBack()).toThrow(expect.objectContaining({ code: 'takeBacksOff' }));
    expect(flow.turn()).toEqual(turn);
  });

  it('a turn held back by the host (the board still moving) starts its clock and asks its computer once let run', async () => {
    const match = twoPlayerMatch(10, ['human', 'computer']);
    const { flow, questions, gate, published } = page(match);
    gate.open = false;
    flow.hostChanged();
    if (flow.turn()!.player === 1) {
      await vi.advanceTimersByTimeAsync(60_000);
      expect(questions).toHaveLength(0);
      gate.open = true;
      flow.hostChanged();
      await vi.advanceTimersByTimeAsync(0);
      expect(questions).toHaveLength(1);
      questions[0].answer(flow.game.legalMoves()[0]);
      await vi.advanceTimersByTimeAsync(0);
      gate.open = false;
      flow.hostChanged();
    }
    expect(flow.turn()!.player).toBe(0);
    expect(flow.deadline).toBe(0);
    const before = published.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(published).toHaveLength(before);
    gate.open = true;
    flow.hostChanged();
    expect(flow.deadline).toBe(Date.now() + 10_000);
  });

  it('keeps the time left while a dialog holds the turn back, and drops the computer\'s open question until it closes', async () => {
    const { flow, gate, published } = page(twoPlayerMatch(10));
    flow.hostChanged();
    await vi.advanceTimersByTimeAsync(3000);
    gate.open = false;
    flow.hostChanged();
    expect(flow.deadline).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(published).toHaveLength(0);
    gate.open = true;
    flow.hostChanged();
    expect(flow.deadline).toBe(Date.now() + 7000);
    await vi.advanceTimersByTimeAsync(7000);
    expect(published).toHaveLength(1);
    expect(timedOut(published[0])).toBe(true);

    const computers = page(twoPlayerMatch(0, ['computer', 'computer']));
    await vi.advanceTimersByTimeAsync(0);
    const first = computers.questions[0];
    computers.gate.open = false;
    computers.flow.hostChanged();
    expect(first.wanted()).toBe(false);
    expect(computers.gate.dropped).toBe(1);
    first.answer(computers.flow.game.legalMoves()[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(computers.published).toHaveLength(0);
    computers.gate.open = true;
    computers.flow.hostChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(computers.questions).toHaveLength(2);
  });

  it('held computers wait (a person still moves); let go, the computer to move is asked', async () => {
    const { flow, gate, questions, published } = page(twoPlayerMatch(0, ['human', 'computer']));
    gate.held = true;
    flow.hostChanged();
    if (flow.turn()!.player === 0) expect(flow.play(0, flow.game.legalMoves()[0])).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(flow.turn()!.player).toBe(1);
    expect(questions).toHaveLength(0);
    gate.held = false;
    flow.hostChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(questions).toHaveLength(1);
    const count = published.length;
    questions[0].answer(flow.game.legalMoves()[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(published).toHaveLength(count + 1);
  });

  it('times persons\' turns only on the page; a person taking a computer\'s seat over on its turn gets the clock', async () => {
    const { flow, holders, questions, published } = page(twoPlayerMatch(5, ['computer', 'computer']));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(flow.deadline).toBe(0);
    expect(published).toHaveLength(0);
    const mover = flow.turn()!.player;
    holders[mover] = { kind: 'human' };
    flow.hostChanged();
    expect(questions[0].wanted()).toBe(false);
    expect(flow.deadline).toBe(Date.now() + 5000);
    // Handed back to the computer on the same turn: no clock, a new question.
    holders[mover] = { kind: 'computer', level: 'novice' };
    flow.hostChanged();
    expect(flow.deadline).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(questions).toHaveLength(2);
  });

  it('a replay played on times no turn; a computer seat given another level is asked again', async () => {
    const table = run(twoPlayerMatch(5, ['computer', 'computer']), 0, wallClock, { host: { timing: 'none' } });
    const { flow, holders, questions } = table;
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(flow.deadline).toBe(0);
    expect(questions).toHaveLength(1);
    holders[flow.turn()!.player].level = 'master';
    flow.hostChanged();
    expect(questions[0].wanted()).toBe(false);
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(questions.map((q) => q.level)).toEqual(['novice', 'master']);
  });
});
