/**
 * The match flow (src/flow/matchFlow.ts) on vitest's fake clock, with a scripted computer: seats
 * and who holds them, drops, stand-ins, returns, resignations, time-outs, rounds, results, the
 * rematch's rotation and the pause before a computers-only match's next round.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Game, playerInSeat } from '../../src/engine';
import { MatchFlow, type MatchFlowHost, type MatchEvent, type SeatSpec } from '../../src/flow/matchFlow';
import { wallClock } from '../../src/flow/turnFlow';
import { givenUpAt, isGivenUp, seatMoves, standInLeft } from '../../src/flow/givingUp';

const DELAY = 100;
const GRACE = 1000;

interface Question {
  level: string;
  wanted: () => boolean;
  answer(move: string | null): void;
}

function open(seats: SeatSpec[], options: { timeLimit?: number; takeBacks?: boolean; host?: Partial<MatchFlowHost> } = {}) {
  const events: MatchEvent[] = [];
  const questions: Question[] = [];
  const faults: unknown[] = [];
  const flow = new MatchFlow(
    { size: 8, variant: 'standard', misere: false, moveTimeLimit: options.timeLimit ?? 0, takeBacks: options.takeBacks ?? false, colours: seats.length === 2 ? ['red', 'green'] : seats.length === 3 ? ['red', 'yellow', 'green'] : undefined, seed: 7 },
    seats,
    {
      clock: wallClock,
      computerDelayMs: DELAY,
      graceMs: GRACE,
      askComputer: (_game, level, wanted) => new Promise((answer) => questions.push({ level, wanted, answer })),
      fallbackMove: (game: Game) => game.legalMoves().at(-1)!,
      event: (e) => events.push(e),
      fault: (e) => faults.push(e),
      ...options.host,
    },
  );
  const types = () => events.map((e) => e.type).filter((t) => t !== 'moved');
  return { flow, events, questions, faults, types };
}

const human = (level = 'greedy'): SeatSpec => ({ kind: 'human', level });
const computer = (level = 'beginner'): SeatSpec => ({ kind: 'computer', level });

/** Two persons seated and the match started. */
function twoPersons(timeLimit = 0) {
  const t = open([human(), human()], { timeLimit });
  t.flow.sit(0, 'Ann');
  t.flow.sit(1, 'Bob');
  t.events.length = 0;
  t.flow.start();
  return { ...t, mover: () => t.flow.playerOfColour(t.flow.game!.state.toMove!) };
}

const legal = (flow: MatchFlow) => flow.game!.legalMoves()[0];

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('seats', () => {
  it('holds each seat with its reason: free, seated, a computer\'s own; a start fills the free seats or refuses', () => {
    const { flow } = open([human(), human(), computer('master')]);
    flow.sit(0, 'Ann');
    expect(flow.snapshot().seats.map((s) => [s.holder, s.reason])).toEqual([['person', 'seated'], ['nobody', 'free'], ['computer', 'computerSeat']]);
    expect(() => flow.start()).toThrow('seat 1 is free');
    flow.start('greedy');
    const snap = flow.snapshot();
    expect(snap.phase).toBe('playing');
    expect(snap.seats.map((s) => [s.name, s.reason])).toEqual([['Ann', 'seated'], ['computer (greedy)', 'computerSeat'], ['computer (master)', 'computerSeat']]);
  });

  it('a person leaving before the match frees the seat; after the start a computer plays on for them', () => {
    const { flow, types } = open([human(), human()]);
    flow.sit(0, 'Ann');
    flow.left(0);
    expect(flow.snapshot().seats[0]).toMatchObject({ name: '', reason: 'free' });
    flow.sit(0, 'Cy');
    flow.sit(1, 'Bob');
    flow.start();
    flow.left(0);
    expect(flow.snapshot().seats[flow.seatOf(0)]).toMatchObject({ holder: 'computer', reason: 'left' });
    expect(types()).toEqual(['seatsChanged', 'seatsChanged', 'seatsChanged', 'seatsChanged', 'roundStarted', 'standIn']);
  });
});

describe('presence', () => {
  it('a drop on one\'s own turn: the grace, a stand-in asked, and back on the turn the person plays it by the same deadline', async () => {
    const { flow, events, questions, mover, types } = twoPersons(5);
    const away = mover();
    const deadline = flow.snapshot().moveDeadline;
    flow.dropped(away);
    expect(flow.snapshot().seats[flow.seatOf(away)]).toMatchObject({ holder: 'person', reason: 'dropped', dropDeadline: Date.now() + GRACE });
    await vi.advanceTimersByTimeAsync(GRACE);
    expect(flow.snapshot().seats[flow.seatOf(away)]).toMatchObject({ holder: 'computer', reason: 'away' });
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(questions).toHaveLength(1);
    flow.back(away, 'reconnect');
    expect(questions[0].wanted()).toBe(false);
    questions[0].answer(legal(flow));
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.snapshot()).toMatchObject({ moveDeadline: deadline });
    expect(flow.play(away, legal(flow))).toBeNull();
    expect(types()).toEqual(['roundStarted', 'dropped', 'graceOver', 'standIn', 'back']);
    expect(events.filter((e) => e.type === 'moved').map((e) => e.type === 'moved' && e.mover)).toEqual([{ player: away, by: 'person' }]);
  });

  it('a time-out at the deadline, not before, told as a flow event after its move', async () => {
    const { flow, events, mover } = twoPersons(3);
    const player = mover();
    const colour = flow.game!.state.toMove!;
    await vi.advanceTimersByTimeAsync(2990);
    expect(events.some((e) => e.type === 'timedOut')).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(events.slice(-2)).toEqual([expect.objectContaining({ type: 'moved', mover: { player, by: 'clock' } }), { type: 'timedOut', round: 0, player, colour }]);
  });

  it('a resignation: a computer plays the seat to the round\'s end, counted as stand-in moves; the next round seats the person again', async () => {
    const { flow, questions, mover, types } = twoPersons();
    const quitter = mover();
    expect(flow.resign(quitter)).toBeNull();
    expect(flow.resign(quitter)).toBe('resigned');
    flow.back(quitter, 'reconnect');
    expect(flow.snapshot().seats[flow.seatOf(quitter)]).toMatchObject({ holder: 'computer', reason: 'resigned' });
    while (flow.phase === 'playing') {
      const player = mover();
      if (player === quitter) {
        await vi.advanceTimersByTimeAsync(DELAY);
        questions.at(-1)!.answer(legal(flow));
        await vi.advanceTimersByTimeAsync(0);
      } else flow.play(player, legal(flow));
    }
    const result = flow.results[0];
    expect(result.standInMoves[flow.seatOf(quitter)]).toBe(questions.length);
    expect(result.standInMoves[flow.seatOf(1 - quitter)]).toBe(0);
    expect(types()).toEqual(['roundStarted', 'resigned', 'standIn', 'back', 'roundOver']);
    expect(flow.nextRound()).toBe(true);
    expect(flow.snapshot().seats[flow.seatOf(quitter)]).toMatchObject({ holder: 'person', reason: 'seated', standInMoves: 0 });
  });
});

describe('giving up (src/flow/givingUp.ts)', () => {
  it('says how many of a person\'s moves a stand-in may play before the round counts as given up, and once it does the seat is placed last and wins nothing', async () => {
    const { flow, questions, mover } = twoPersons();
    const away = mover();
    // 8x8, two colours: 30 moves a seat, given up at the 16th a stand-in plays.
    expect(seatMoves(flow.game!.setup, flow.seatOf(away))).toBe(30);
    expect(flow.snapshot().seats[flow.seatOf(away)]).toMatchObject({ standInLeft: 16, gaveUp: false });
    flow.left(away);
    const left: number[] = [];
    while (flow.phase === 'playing') {
      const player = mover();
      if (player === away) {
        left.push(flow.snapshot().seats[flow.seatOf(away)].standInLeft);
        await vi.advanceTimersByTimeAsync(DELAY);
        questions.at(-1)!.answer(legal(flow));
        await vi.advanceTimersByTimeAsync(0);
      } else flow.play(player, legal(flow));
    }
    expect(left.slice(0, 17)).toEqual([16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(flow.snapshot().seats[flow.seatOf(away)]).toMatchObject({ gaveUp: true, standInLeft: 0 });
    const result = flow.results[0];
    expect(result.gaveUp).toEqual(flow.game!.setup.players.map((_, seat) => seat === flow.seatOf(away)));
    // Whatever the stand-in made of the board, the seat given up wins nothing.
    expect(result.winners).toEqual([flow.seatOf(1 - away)]);
  });

  it('a short absence does not count: a person back before the stand-in played more than half of their moves played the round', () => {
    const setup = { size: 4 as const, colours: ['red', 'green'] as ('red' | 'green')[], players: [['red'], ['green']] as ('red' | 'green')[][] };
    expect(givenUpAt(setup, 0)).toBe(4);
    expect(isGivenUp(setup, 0, false, 3, 6)).toBe(false);
    expect(isGivenUp(setup, 0, false, 4)).toBe(true);
    expect(isGivenUp(setup, 0, true, 0)).toBe(true);
    // Pro's doubles: fewer moves made, more than half of them by the stand-in counts at the round's end.
    expect(isGivenUp(setup, 0, false, 3, 5)).toBe(true);
    expect(standInLeft(setup, 0, false, 1)).toBe(3);
  });
});

describe('rounds', () => {
  it('a rematch follows a finished round only, its seats rotated; results and standings add up', () => {
    const { flow } = twoPersons();
    expect(flow.nextRound()).toBe(false);
    const first = flow.snapshot().seats.map((s) => s.player);
    while (flow.phase === 'playing') flow.play(flow.playerOfColour(flow.game!.state.toMove!), legal(flow));
    expect(flow.nextRound()).toBe(true);
    const snap = flow.snapshot();
    expect(snap.round).toBe(1);
    expect(snap.seats.map((s) => s.player)).toEqual(first.map((_, seat) => playerInSeat(seat, 1, 2)));
    expect(snap.seats.map((s) => s.player)).not.toEqual(first);
    expect(snap.results).toHaveLength(1);
    expect(flow.standings().roundsPlayed).toBe(1);
  });

  it('a computers-only match starts its next round after the pause, when the host lets it play on', async () => {
    let watched = false;
    const { flow, questions, types } = open([computer(), computer()], { host: { nextRoundPauseMs: 5000, mayPlayOn: () => watched } });
    flow.start();
    while (flow.phase === 'playing') {
      await vi.advanceTimersByTimeAsync(DELAY);
      questions.at(-1)!.answer(legal(flow));
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(flow.snapshot().nextRoundAt).toBe(Date.now() + 5000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(flow.snapshot()).toMatchObject({ phase: 'over', nextRoundAt: 0 });
    watched = true;
    flow.playOn();
    await vi.advanceTimersByTimeAsync(4999);
    expect(flow.phase).toBe('over');
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.snapshot()).toMatchObject({ phase: 'playing', round: 1 });
    expect(types()).toEqual(['roundStarted', 'roundOver', 'nextRoundDue', 'nextRoundDue', 'nextRoundDue', 'roundStarted']);
  });

  it('a match with a person never starts its next round by itself', async () => {
    const { flow } = open([human(), computer()], { host: { nextRoundPauseMs: 10 } });
    flow.sit(0, 'Ann');
    flow.start();
    flow.resign(0);
    flow.playOn();
    expect(flow.snapshot().nextRoundAt).toBe(0);
  });

  it('an illegal computer answer is refused: told as computerFailed, and the fallback move is played', async () => {
    const { flow, events, questions, faults } = open([computer(), computer()]);
    flow.start();
    await vi.advanceTimersByTimeAsync(DELAY);
    const fallback = flow.game!.legalMoves().at(-1)!;
    questions[0].answer('d4');
    await vi.advanceTimersByTimeAsync(0);
    expect(faults).toEqual([]);
    expect(events.find((e) => e.type === 'computerFailed')).toMatchObject({ level: 'beginner' });
    expect(flow.game!.state.moves[0].squares.join('+')).toBe(fallback);
  });

  it('stops: no clock, grace or next round plays on', async () => {
    const { flow, events, mover } = twoPersons(2);
    flow.dropped(mover());
    flow.stop();
    const seen = events.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(events).toHaveLength(seen);
  });
});

describe('the host\'s own table (the page: every person here)', () => {
  /** Plays the round to its end: persons' moves here, computers answering their first legal move. */
  async function playOut(flow: MatchFlow, questions: Question[]) {
    while (flow.phase === 'playing') {
      const player = flow.playerOfColour(flow.game!.state.toMove!);
      if (flow.reason(player) === 'seated') flow.play(player, legal(flow));
      else {
        await vi.advanceTimersByTimeAsync(DELAY);
        questions.at(-1)!.answer(legal(flow));
        await vi.advanceTimersByTimeAsync(0);
      }
    }
  }

  it('resumes a match kept at round N, with its results and the round in progress, and plays on to round N + 1', async () => {
    const first = twoPersons();
    await playOut(first.flow, first.questions);
    first.flow.nextRound();
    first.flow.play(first.mover(), legal(first.flow));
    const kept = first.flow.snapshot();
    const { flow, questions } = open([human(), human()]);
    flow.sit(0, 'Ann');
    flow.sit(1, 'Bob');
    const results = kept.results.map(({ scores, playerScores, winners }) => ({ scores, playerScores, winners }));
    flow.resume(first.flow.match!, 1, results, first.flow.game!);
    expect(flow.snapshot()).toEqual({ ...kept, seats: kept.seats.map((s) => ({ ...s })) });
    expect(flow.game).toBe(first.flow.game);
    await playOut(flow, questions);
    expect(flow.nextRound()).toBe(true);
    expect(flow.snapshot().seats.map((s) => s.name)).toEqual(['Ann', 'Bob']);
    expect(flow.standings().roundsPlayed).toBe(2);
    expect(() => flow.resume(first.flow.match!, 0, [], first.flow.game!)).toThrow('already started');
  });

  it('a resumed round that was over is over, with its result', () => {
    const { flow } = twoPersons();
    while (flow.phase === 'playing') flow.play(flow.playerOfColour(flow.game!.state.toMove!), legal(flow));
    const again = open([human(), human()]).flow;
    again.resume(flow.match!, 0, [], flow.game!);
    expect(again.snapshot()).toMatchObject({ phase: 'over', results: flow.snapshot().results });
  });

  it('a person takes a computer\'s seat over (their turn is theirs, the question dropped) and hands it back (the computer is asked)', async () => {
    const dropped: number[] = [];
    const { flow, questions, types } = open([human(), computer('master')], { host: { questionDropped: () => dropped.push(1) } });
    flow.sit(0, 'Ann');
    flow.start();
    if (flow.playerOfColour(flow.game!.state.toMove!) === 0) flow.play(0, legal(flow));
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(questions).toHaveLength(1);
    flow.reseat(1, { kind: 'human', level: 'master', name: 'computer (master)' });
    expect(questions[0].wanted()).toBe(false);
    expect(dropped).toHaveLength(1);
    expect(flow.snapshot().seats.find((s) => s.player === 1)).toMatchObject({ kind: 'human', level: 'master', reason: 'seated', holder: 'person' });
    expect(flow.match!.players[1]).toEqual({ kind: 'human', level: 'master', name: 'computer (master)' });
    flow.reseat(1, { kind: 'computer', level: 'master' });
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(questions).toHaveLength(2);
    expect(flow.match!.players[1]).toMatchObject({ kind: 'computer', level: 'master' });
    expect(types().filter((t) => t === 'seatsChanged')).toHaveLength(3);
  });

  it('passes the host\'s gate, held computers and timing through to its rounds', async () => {
    let gate = false;
    let held = true;
    const { flow, questions } = open([human(), computer()], { timeLimit: 5, host: { turnMayRun: () => gate, holdsComputers: () => held, timing: 'persons' } });
    flow.sit(0, 'Ann');
    flow.start();
    const computerFirst = flow.playerOfColour(flow.game!.state.toMove!) === 1;
    expect(flow.turns!.deadline).toBe(0);
    gate = true;
    flow.hostChanged();
    if (!computerFirst) {
      // A person's turn is timed once the gate opens.
      expect(flow.turns!.deadline).toBe(Date.now() + 5000);
      flow.play(0, legal(flow));
    }
    // The computer's turn is not timed ('persons'), and held computers are not asked.
    expect(flow.turns!.deadline).toBe(0);
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(questions).toHaveLength(0);
    held = false;
    flow.hostChanged();
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(questions).toHaveLength(1);
  });

  it('takes back to a person\'s turn, a finished round played on again without its result; refuses with take-backs off', () => {
    const withTakeBacks = open([human(), human()], { takeBacks: true }).flow;
    withTakeBacks.sit(0, 'Ann');
    withTakeBacks.sit(1, 'Bob');
    withTakeBacks.start();
    while (withTakeBacks.phase === 'playing') withTakeBacks.play(withTakeBacks.playerOfColour(withTakeBacks.game!.state.toMove!), legal(withTakeBacks));
    expect(withTakeBacks.results).toHaveLength(1);
    const moves = withTakeBacks.game!.state.moves.length;
    withTakeBacks.takeBack();
    expect(withTakeBacks.snapshot()).toMatchObject({ phase: 'playing', results: [] });
    expect(withTakeBacks.game!.state.moves).toHaveLength(moves - 1);
    const { flow, mover } = twoPersons();
    flow.play(mover(), legal(flow));
    expect(() => flow.takeBack()).toThrow();
    expect(flow.game!.state.moves).toHaveLength(1);
  });

  it('puts another position of the round on the table (a replay\'s jump): its turn flow starts there, the last one stops', () => {
    const { flow, mover } = twoPersons();
    const start = flow.game!;
    const last = flow.turns!;
    flow.play(mover(), legal(flow));
    const jumped = Game.fromEvents(start.events.slice(0, -1));
    flow.putGame(jumped);
    expect(flow.game).toBe(jumped);
    expect(flow.turns).not.toBe(last);
    expect(last.play(0, legal(flow))).toMatchObject({ code: 'notYourTurn' });
    expect(flow.play(mover(), legal(flow))).toBeNull();
  });
});

describe('the pause before a computers-only match\'s next round, gated by its host', () => {
  /** The computers answer their first legal move until the round is over. */
  async function computersPlayOut(flow: MatchFlow, questions: Question[]) {
    while (flow.phase === 'playing') {
      await vi.advanceTimersByTimeAsync(DELAY);
      questions.at(-1)!.answer(legal(flow));
      await vi.advanceTimersByTimeAsync(0);
    }
  }

  it('runs only while the host lets it (starting over whole), none after a held round, and ends in the host\'s own playing on', async () => {
    let mayRun = false;
    let over = 0;
    const { flow, questions } = open([computer(), computer()], { host: { nextRoundPauseMs: 5000, pauseMayRun: () => mayRun, pauseOver: () => over++ } });
    flow.start();
    await computersPlayOut(flow, questions);
    expect(flow.nextRoundAt).toBe(0);
    mayRun = true;
    flow.hostChanged();
    expect(flow.nextRoundAt).toBe(Date.now() + 5000);
    await vi.advanceTimersByTimeAsync(3000);
    mayRun = false;
    flow.hostChanged();
    expect(flow.snapshot().nextRoundAt).toBe(0);
    mayRun = true;
    flow.hostChanged();
    expect(flow.nextRoundAt).toBe(Date.now() + 5000);
    await vi.advanceTimersByTimeAsync(5000);
    // The host plays on itself: the flow starts no round.
    expect(over).toBe(1);
    expect(flow.phase).toBe('over');
    flow.nextRound();
    await computersPlayOut(flow, questions);
    expect(flow.nextRoundAt).toBeGreaterThan(0);
    flow.holdNextRound();
    expect(flow.nextRoundAt).toBe(0);
    flow.hostChanged();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(over).toBe(1);
    expect(flow.nextRoundAt).toBe(0);
  });

  it('stops when a person takes a seat over', async () => {
    const { flow, questions } = open([computer(), computer()], { host: { nextRoundPauseMs: 5000 } });
    flow.start();
    await computersPlayOut(flow, questions);
    expect(flow.nextRoundAt).toBeGreaterThan(0);
    flow.reseat(0, { kind: 'human', level: 'beginner', name: 'Ann' });
    expect(flow.nextRoundAt).toBe(0);
    flow.reseat(0, { kind: 'computer', level: 'beginner' });
    expect(flow.nextRoundAt).toBe(Date.now() + 5000);
  });
});
