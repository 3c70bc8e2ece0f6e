/**
 * Conformance of the match flow's hosts: one set of scripts (a drop and return on one's own turn,
 * a time-out, a resignation, a seat taken over by key, a computers-only match's next round, the
 * rematch's rotation, an illegal computer answer) runs on the flow alone on vitest's fake clock,
 * on the real `rolit` room in-process (test/server/roomHarness.ts), on the page's session hosting
 * its own match (createSession with a scripted computer) and on the page's session as the mirror
 * of that room, and each host's log (what it shows after every step: phase, round, moves, seats
 * and why each is held, results with their stand-in moves, and its notices of time-outs,
 * resignations and computer fallbacks) must be the same. The room runs first, mirrored by a page
 * watching it; the other hosts then play the same match seed.
 *
 * The mirror (pageMirror.ts) runs every script: a page watching the room, its online store fed
 * with what the room's spectator (Eve) was sent and the room's state, shown in a session by
 * linkOnline. Its log is what the page publishes: the session's round, seats, results and
 * stand-in moves, why a seat is held as the room bar reads it from the store's seats (and the
 * seats panel from the session's, which must agree), the time-out notice in the session's
 * messages, and the resignations and computer fallbacks the store holds (the session has no
 * notice of them: ResignedNotice.tsx and FallbackNotice.tsx show the store's). It names a
 * computer by its level, as the room does (the page says "Beginner 2"); it shows stand-in moves
 * for the current round only (the round's end), so it is compared with the room's log without
 * them for the rounds before (asThePageShows).
 *
 * The page's own match runs the scripts it has a user path for: a time-out, a computers-only
 * match's next round (the watch countdown, watch/roundCountdown.ts, sets the flow's pause to the
 * room's), the rematch's rotation (Next round) and an illegal computer answer. It has no
 * connections (nobody drops, returns or takes a seat back by key: every person at the page is
 * here) and no resignation, so it does not run those three scripts. Its seats say no hold reason
 * and count no stand-in moves, as nobody stands in for a person there: its log reads a person's
 * seat as `seated`, a computer's as `computerSeat`, and 0 stand-in moves (the other hosts' logs of
 * these scripts must show the same, or the logs differ).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FALLBACK_LEVEL, fallbackMove } from '../../src/ai/computerFallback';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { createSession } from '../../src/app/session/session';
import { watchRoundEnd } from '../../src/app/watch/roundCountdown';
import { type Colour, type Game, type PlayerSpec, playerInSeat, seatOfColour } from '../../src/engine';
import { MatchFlow, type SeatSpec } from '../../src/flow/matchFlow';
import { wallClock } from '../../src/flow/turnFlow';
import type { RolitRoom } from '../../src/server/room/rolitRoom';
import { ServerTable } from '../../src/server/room/serverTable';
import type { RoomState } from '../../src/server/room/state';
import { TV_ROOM } from '../../src/wire/contractCodes';
import { type FakeClient, openRoom, received } from '../server/roomHarness';
import { asThePageShows, pageMirror, type View } from './pageMirror';

const GRACE = 1000;
const DELAY = 100;
/** The harness's TV pace and pause (ms). */
const TV_MOVE = 2000;
const TV_PAUSE = 1000;

/** A step of a script; persons are the match's players (0: Ann, red at the start; 1: Bob, green). `mover` is the player to move. */
type Step =
  | { do: 'play'; who: 'mover' }
  | { do: 'drop' | 'reconnect' | 'takeOver' | 'resign'; who: number | 'mover' }
  | { do: 'wait'; ms: number }
  /** The computer asked last, if its question is not answered yet, answers: the first legal move, or one the rules refuse. */
  | { do: 'answer'; move: 'legal' | 'illegal' }
  /** Persons play the first legal move and computers answer it until the round is over. */
  | { do: 'playOut' }
  | { do: 'rematch' };

interface Table {
  /** `persons`: two persons (red, green); `personAndComputer`: Ann and a beginner; `computers`: TV's four computers. */
  seats: 'persons' | 'personAndComputer' | 'computers';
  timeLimit?: number;
}

/** A host of the match flow, driven by the scripts' steps. */
interface Host {
  act(step: Step): Promise<void>;
  view(): View;
  close(): void;
}

const settle = () => vi.advanceTimersByTimeAsync(0);

/** The real room in-process: Ann creates and joins, Bob joins, Eve watches; the scripted computer answers. */
async function roomHost(table: Table): Promise<Host & { seed: number; spectator: FakeClient; state: RoomState }> {
  const options: Record<string, unknown> =
    table.seats === 'computers'
      ? { table: ServerTable.tv(['beginner', 'beginner', 'beginner', 'beginner']) }
      : { name: 'Ann', colour: 'red', colours: ['red', 'green'], timeLimit: table.timeLimit ?? 0, ...(table.seats === 'personAndComputer' ? { seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] } : {}) };
  const t = await openRoom({ graceSeconds: GRACE / 1000, computerDelayMs: DELAY, tvMoveMs: TV_MOVE, tvPauseMs: TV_PAUSE }, options);
  const room = t.room as unknown as RolitRoom;
  const state = t.state as RoomState;
  const persons: FakeClient[] = [];
  if (table.seats !== 'computers') {
    persons.push(t.join({}));
    if (table.seats === 'persons') persons.push(t.join({ name: 'Bob', colour: 'green' }));
  }
  const eve = t.join({ name: 'Eve', spectator: true });
  if (table.seats !== 'computers') t.send(persons[0], 'start');
  const seatToMove = () => seatOfColour(state.seats.map((s) => [...s.colours] as Colour[]), state.toMove as Colour);
  const moverOf = () => playerInSeat(seatToMove(), state.round, state.seats.length);
  const who = (w: number | 'mover') => (w === 'mover' ? moverOf() : w);
  let answered = 0;
  const answer = async (move: 'legal' | 'illegal') => {
    if (answered === t.questions.length) return;
    answered = t.questions.length;
    t.questions.at(-1)!.answer(move === 'legal' ? state.legal[0] : 'd4');
    await t.advance(table.seats === 'computers' ? TV_MOVE : 10);
  };
  const host: Host & { seed: number; spectator: FakeClient; state: RoomState } = {
    seed: room.flow.match!.seed,
    spectator: eve,
    state,
    async act(step) {
      switch (step.do) {
        case 'play':
          t.send(persons[moverOf()], 'play', { move: state.legal[0] });
          break;
        case 'drop':
          await t.drop(persons[who(step.who)]);
          break;
        case 'reconnect':
          t.reconnect(persons[who(step.who)]);
          break;
        case 'takeOver': {
          const player = who(step.who);
          const key = received<{ seatKey?: string }>(persons[player], 'you').at(-1)!.seatKey!;
          persons[player] = t.join({ name: player === 0 ? 'Ann' : 'Bob', seatKey: key });
          break;
        }
        case 'resign':
          t.send(persons[who(step.who)], 'resign');
          break;
        case 'wait':
          await t.advance(step.ms);
          break;
        case 'answer':
          await answer(step.move);
          break;
        case 'playOut':
          while (state.phase === 'playing') {
            const player = moverOf();
            if (state.seats[seatToMove()].reason === 'seated') t.send(persons[player], 'play', { move: state.legal[0] });
            else {
              await t.advance(table.seats === 'computers' ? 10 : DELAY);
              await answer('legal');
            }
          }
          break;
        case 'rematch':
          t.send(persons[0], 'rematch');
          break;
      }
      await settle();
    },
    view() {
      const notices = eve.inbox.flatMap(({ type, message }) => {
        const m = message as Record<string, unknown>;
        if (type === 'resigned') return [`resigned ${m.colour}`];
        if (type === 'computerFallback') return [`fallback ${m.colour} ${m.level}`];
        if (type === 'events') return (m.events as { type: string; colour?: string }[]).flatMap((e) => (e.type === 'timeExpired' ? [`timeExpired ${e.colour}`] : []));
        return [];
      });
      return {
        phase: state.phase,
        round: state.round,
        toMove: state.toMove,
        moves: [...state.moves],
        seats: state.seats.map((s) => ({ name: s.name, reason: s.reason })),
        results: state.results.map((r) => ({ round: r.round, playerScores: [...r.playerScores], winners: [...r.winners], standInMoves: [...r.standInMoves] })),
        notices,
      };
    },
    close: () => t.close(),
  };
  return host;
}

/** The match flow alone, on the fake clock, with the same seed and a scripted computer. */
function flowHost(table: Table, seed: number): Host {
  const computers = table.seats === 'computers';
  const questions: { answer(move: string | null): void }[] = [];
  const notices: string[] = [];
  const failed = new Set<string>();
  const person = (name: string): SeatSpec => ({ kind: 'human', level: 'tactician', name });
  const beginner: SeatSpec = { kind: 'computer', level: 'beginner' };
  const seats = computers ? [beginner, beginner, beginner, beginner] : table.seats === 'persons' ? [person('Ann'), person('Bob')] : [person('Ann'), beginner];
  const flow: MatchFlow = new MatchFlow(
    { size: 8, colours: computers ? undefined : ['red', 'green'], variant: 'standard', misere: false, moveTimeLimit: table.timeLimit ?? 0, takeBacks: false, seed },
    seats,
    {
      clock: wallClock,
      computerDelayMs: computers ? 0 : DELAY,
      askComputer: () => new Promise((answer) => questions.push({ answer })),
      fallbackMove,
      graceMs: GRACE,
      nextRoundPauseMs: computers ? TV_PAUSE : undefined,
      event(e) {
        if (e.type === 'resigned') notices.push(`resigned ${e.colour}`);
        if (e.type === 'timedOut') notices.push(`timeExpired ${e.colour}`);
        if (e.type === 'computerFailed' && !failed.has(e.level)) {
          failed.add(e.level);
          notices.push(`fallback ${e.colour} ${e.level}`);
        }
      },
      fault: (e) => {
        throw e;
      },
    },
  );
  if (!computers) {
    flow.sit(0, 'Ann');
    if (table.seats === 'persons') flow.sit(1, 'Bob');
  }
  flow.start();
  const game = (): Game => flow.game!;
  const mover = () => flow.playerOfColour(game().state.toMove!);
  const who = (w: number | 'mover') => (w === 'mover' ? mover() : w);
  let answered = 0;
  const answer = async (move: 'legal' | 'illegal') => {
    if (answered === questions.length) return;
    answered = questions.length;
    questions.at(-1)!.answer(move === 'legal' ? game().legalMoves()[0] : 'd4');
    await settle();
  };
  return {
    async act(step) {
      switch (step.do) {
        case 'play':
          flow.play(mover(), game().legalMoves()[0]);
          break;
        case 'drop':
          flow.dropped(who(step.who));
          break;
        case 'reconnect':
        case 'takeOver':
          flow.back(who(step.who), step.do);
          break;
        case 'resign':
          flow.resign(who(step.who));
          break;
        case 'wait':
          await vi.advanceTimersByTimeAsync(step.ms);
          break;
        case 'answer':
          await answer(step.move);
          break;
        case 'playOut':
          while (flow.phase === 'playing') {
            if (flow.reason(mover()) === 'seated') flow.play(mover(), game().legalMoves()[0]);
            else {
              await vi.advanceTimersByTimeAsync(computers ? 0 : DELAY);
              await answer('legal');
            }
          }
          break;
        case 'rematch':
          flow.nextRound();
          break;
      }
      await settle();
    },
    view() {
      const snapshot = flow.snapshot();
      return {
        phase: snapshot.phase,
        round: snapshot.round,
        toMove: snapshot.toMove ?? '',
        moves: game().state.moves.map((m) => m.squares.join('+')),
        seats: snapshot.seats.map((s) => ({ name: s.name, reason: s.reason })),
        results: snapshot.results.map(({ round, playerScores, winners, standInMoves }) => ({ round, playerScores, winners, standInMoves })),
        notices: [...notices],
      };
    },
    close: () => flow.stop(),
  };
}

/** The page's session, its own match set up by New game with the room's seed, every person here; a scripted computer; the watch countdown set to the room's pause. */
function pageHost(table: Table, seed: number): Host {
  const computers = table.seats === 'computers';
  const questions: { game: Game; answer(move: string): void }[] = [];
  const computer: ComputerPlayer = {
    think(question) {
      let answer!: (move: string) => void;
      const result = new Promise<string>((resolve) => (answer = resolve));
      questions.push({ game: question.game, answer });
      return { result, moveNow: () => undefined, cancel: () => undefined };
    },
    // The page's computer's fallback (browserComputer.ts): the rooms' fallback level, on the page's thread.
    fallback: { level: FALLBACK_LEVEL, move: fallbackMove },
  };
  const session = createSession({ computer, levels: ['beginner', 'greedy', 'tactician'], defaultLevel: 'tactician', storage: null, now: () => Date.now() }, { search: '?seats=human,human' });
  const s = () => session.getState();
  const beginner: PlayerSpec = { kind: 'computer', level: 'beginner', name: 'computer (beginner)' };
  const person = (name: string): PlayerSpec => ({ kind: 'human', name });
  const players = computers ? [beginner, beginner, beginner, beginner] : table.seats === 'persons' ? [person('Ann'), person('Bob')] : [person('Ann'), beginner];
  s().newGame({ players, colours: computers ? undefined : ['red', 'green'], size: 8, variant: 'standard', misere: false, moveTimeLimit: table.timeLimit ?? 0, takeBacks: false, seed });
  const countdown = watchRoundEnd(session, { seconds: TV_PAUSE / 1000 });
  // What the page told, in order: the clock's moves (from the round's log) and, once per level, a computer's fallback.
  const notices: string[] = [];
  const failed = new Set<string>();
  let expiredSeen = 0;
  session.subscribe((now, before) => {
    if (now.snapshot.events !== before.snapshot.events) {
      const expired = now.snapshot.events.filter((e) => e.type === 'timeExpired');
      if (now.round !== before.round) expiredSeen = 0;
      for (const e of expired.slice(expiredSeen)) notices.push(`timeExpired ${e.colour}`);
      expiredSeen = expired.length;
    }
    const seat = now.seats.find((x) => x.colours.includes(before.snapshot.state.toMove!));
    if (now.message && now.message.id !== before.message?.id && now.message.text.includes('greedy') && seat && !failed.has(seat.level!)) {
      failed.add(seat.level!);
      notices.push(`fallback ${before.snapshot.state.toMove} ${seat.level}`);
    }
  });
  const legal = () => s().snapshot.legalMoves[0];
  let answered = 0;
  const answer = async (move: 'legal' | 'illegal') => {
    if (answered === questions.length) return;
    answered = questions.length;
    const asked = questions.at(-1)!;
    asked.answer(move === 'legal' ? asked.game.legalMoves()[0] : 'd4');
    await settle();
  };
  const moverIsPerson = () => s().seats.find((x) => x.colours.includes(s().snapshot.state.toMove!))!.kind === 'human';
  return {
    async act(step) {
      switch (step.do) {
        case 'play':
          s().clickSquare(legal());
          break;
        case 'wait':
          await vi.advanceTimersByTimeAsync(step.ms);
          break;
        case 'answer':
          await answer(step.move);
          break;
        case 'playOut':
          while (!s().snapshot.over) {
            if (moverIsPerson()) s().clickSquare(legal());
            else {
              await settle();
              await answer('legal');
            }
          }
          break;
        case 'rematch':
          s().nextRound();
          break;
        default:
          throw new Error(`the page has no ${step.do}`);
      }
      await settle();
    },
    view() {
      const { snapshot, round, seats, results } = s();
      const all = snapshot.over && snapshot.result ? [...results, snapshot.result] : results;
      return {
        phase: snapshot.over ? 'over' : 'playing',
        round,
        toMove: snapshot.over ? '' : (snapshot.state.toMove ?? ''),
        moves: snapshot.state.moves.map((m) => m.squares.join('+')),
        seats: seats.map((x) => ({ name: x.name, reason: x.kind === 'human' ? 'seated' : 'computerSeat' })),
        results: all.map(({ playerScores, winners }, r) => ({ round: r, playerScores, winners, standInMoves: playerScores.map(() => 0) })),
        notices: [...notices],
      };
    },
    close() {
      countdown.stop();
      s().dispose();
    },
  };
}

/** Each script, and what its log must show (so it did what it is named for). */
const scripts: Record<string, { table: Table; steps: Step[]; atThePage?: true; shows(log: View[]): void }> = {
  'a drop and return on one\'s own turn': {
    table: { seats: 'persons', timeLimit: 5 },
    steps: [{ do: 'drop', who: 'mover' }, { do: 'wait', ms: GRACE }, { do: 'wait', ms: DELAY }, { do: 'reconnect', who: 'mover' }, { do: 'answer', move: 'legal' }, { do: 'play', who: 'mover' }, { do: 'play', who: 'mover' }],
    shows: (log) => {
      expect(log.map((v) => v.seats.some((s) => s.reason === 'away'))).toEqual([false, false, true, true, false, false, false, false]);
      expect(log.at(-1)!.moves).toHaveLength(2);
    },
  },
  'a time-out': {
    table: { seats: 'persons', timeLimit: 3 },
    atThePage: true,
    steps: [{ do: 'play', who: 'mover' }, { do: 'wait', ms: 2990 }, { do: 'wait', ms: 20 }, { do: 'play', who: 'mover' }],
    shows: (log) => expect(log.map((v) => v.notices.length)).toEqual([0, 0, 0, 1, 1]),
  },
  'a resignation': {
    table: { seats: 'persons' },
    steps: [{ do: 'resign', who: 'mover' }, { do: 'wait', ms: DELAY }, { do: 'answer', move: 'legal' }, { do: 'playOut' }, { do: 'rematch' }],
    shows: (log) => {
      expect(log[1].notices).toHaveLength(1);
      expect(Math.max(...log.at(-1)!.results[0].standInMoves!)).toBeGreaterThan(1);
      expect(log.at(-1)!.seats.map((s) => s.reason)).toEqual(['seated', 'seated']);
    },
  },
  'a seat taken over by key': {
    table: { seats: 'persons' },
    steps: [{ do: 'drop', who: 1 }, { do: 'wait', ms: GRACE }, { do: 'takeOver', who: 1 }, { do: 'playOut' }],
    shows: (log) => {
      expect(log.map((v) => v.seats.find((s) => s.name === 'Bob')!.reason)).toEqual(['seated', 'dropped', 'away', 'seated', 'seated']);
      expect(log.at(-1)!.results[0].standInMoves).toEqual([0, 0]);
    },
  },
  'a computers-only match\'s next round': {
    table: { seats: 'computers' },
    atThePage: true,
    // The room's clock ticks every 10 ms (as Colyseus'), the flow's fake one by the millisecond: halfway through the pause, and just after it.
    steps: [{ do: 'playOut' }, { do: 'wait', ms: TV_PAUSE / 2 }, { do: 'wait', ms: TV_PAUSE / 2 + 20 }],
    shows: (log) => expect(log.map((v) => `${v.phase} ${v.round}`)).toEqual(['playing 0', 'over 0', 'over 0', 'playing 1']),
  },
  'the rematch\'s rotation': {
    table: { seats: 'persons' },
    atThePage: true,
    steps: [{ do: 'rematch' }, { do: 'playOut' }, { do: 'rematch' }, { do: 'play', who: 'mover' }, { do: 'playOut' }, { do: 'rematch' }],
    shows: (log) => {
      expect(log.map((v) => v.round)).toEqual([0, 0, 0, 1, 1, 1, 2]);
      expect(log.map((v) => v.seats.map((s) => s.name).join())).toEqual(['Ann,Bob', 'Ann,Bob', 'Ann,Bob', 'Bob,Ann', 'Bob,Ann', 'Bob,Ann', 'Ann,Bob']);
    },
  },
  'an illegal computer answer': {
    table: { seats: 'personAndComputer' },
    atThePage: true,
    steps: [{ do: 'wait', ms: DELAY }, { do: 'answer', move: 'illegal' }, { do: 'play', who: 'mover' }, { do: 'wait', ms: DELAY }, { do: 'answer', move: 'illegal' }, { do: 'playOut' }],
    shows: (log) => {
      expect(log.at(-1)!.notices).toEqual(['fallback green beginner']);
      expect(log.at(-1)!.results).toHaveLength(1);
    },
  },
};

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Each viewer's view before the script and after each step of `host` (by default its own; also the page mirroring the room in the same run). */
async function logsOf(host: Host, steps: Step[], viewers: (() => View)[] = [host.view]): Promise<View[][]> {
  const logs = viewers.map((view) => [view()]);
  for (const step of steps) {
    await host.act(step);
    viewers.forEach((view, i) => logs[i].push(view()));
  }
  host.close();
  return logs;
}

for (const [name, { table, steps, atThePage, shows }] of Object.entries(scripts)) {
  it(`${name}: the flow alone, the room${atThePage ? ", the page's own match" : ''} and the page mirroring the room show the same log and results`, async () => {
    const room = await roomHost(table);
    const mirror = await pageMirror(room.spectator, room.state, table.seats === 'computers' ? TV_ROOM : 'rolit');
    const [roomLog, mirrorLog] = await logsOf(room, steps, [room.view, mirror.view]);
    mirror.close();
    expect(mirrorLog).toEqual(roomLog.map(asThePageShows));
    const [flowLog] = await logsOf(flowHost(table, room.seed), steps);
    expect(flowLog).toEqual(roomLog);
    if (atThePage) expect((await logsOf(pageHost(table, room.seed), steps))[0]).toEqual(roomLog);
    shows(roomLog);
  });
}
