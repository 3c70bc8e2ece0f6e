/**
 * The match flow (src/flow/matchFlow.ts) on vitest's fake clock, with a scripted computer: seats
 * and who holds them, drops, stand-ins, returns, resignations, time-outs, rounds, results, the
 * rematch's rotation and the pause before a computers-only match's next round.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Game, playerInSeat } from '../../src/engine';
import { MatchFlow, type MatchFlowHost, type MatchEvent, type SeatSpec } from '../../src/flow/matchFlow';
import { wallClock } from '../../src/flow/turnFlow';

const DELAY = 100;
const GRACE = 1000;

interface Question {
  level: string;
  wanted: () => boolean;
  answer(move: string | null): void;
}

function open(seats: SeatSpec[], options: { timeLimit?: number; host?: Partial<MatchFlowHost> } = {}) {
  const events: MatchEvent[] = [];
  const questions: Question[] = [];
  const faults: unknown[] = [];
  const flow = new MatchFlow(
    { size: 8, variant: 'standard', misere: false, moveTimeLimit: options.timeLimit ?? 0, takeBacks: false, colours: seats.length === 2 ? ['red', 'green'] : seats.length === 3 ? ['red', 'yellow', 'green'] : undefined, seed: 7 },
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
