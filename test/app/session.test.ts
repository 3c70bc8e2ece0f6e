import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoreApi } from 'zustand/vanilla';
import type { ComputerPlayer, ComputerQuestion } from '../../src/app/computer/computer';
import { createSession, type RoundSnapshot, type SessionDeps, type SessionState } from '../../src/app/session/session';
import { STORAGE_KEY } from '../../src/app/setup/settings';
import { FALLBACK_LEVEL, fallbackMove } from '../../src/ai/computerFallback';
import { Game, type MatchOptions } from '../../src/engine/index';

const LEVELS = ['beginner', 'greedy', 'master'];

interface FakeJob {
  request: ComputerQuestion;
  cancelled: boolean;
  movedNow: boolean;
  answer(move?: string): void;
}

/** A computer player under the test's control: answers with the first legal move when told. */
function fakeComputer(answerAtOnce: boolean) {
  const jobs: FakeJob[] = [];
  const standInListeners: ((standIn: string) => void)[] = [];
  /** The computer fails for good, as a crashed worker does: `standIn` plays from now on. */
  const fail = (standIn: string) => standInListeners.forEach((l) => l(standIn));
  const computer: ComputerPlayer = {
    onStandIn: (listener) => void standInListeners.push(listener),
    fallback: { level: FALLBACK_LEVEL, move: fallbackMove },
    think(request) {
      let resolve!: (move: string) => void;
      const result = new Promise<string>((r) => (resolve = r));
      const job: FakeJob = {
        request,
        cancelled: false,
        movedNow: false,
        answer: (move) => resolve(move ?? request.game.legalMoves()[0]),
      };
      jobs.push(job);
      if (answerAtOnce) job.answer();
      return {
        result,
        moveNow: () => {
          job.movedNow = true;
          job.answer();
        },
        cancel: () => {
          job.cancelled = true;
        },
      };
    },
  };
  return { computer, jobs, fail };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

let stores: StoreApi<SessionState>[] = [];
function session(search: string, options: { answerAtOnce?: boolean; storage?: SessionDeps['storage']; startPaused?: boolean } = {}) {
  const fake = fakeComputer(options.answerAtOnce ?? true);
  const store = createSession({ computer: fake.computer, levels: LEVELS, defaultLevel: 'master', storage: options.storage ?? null, now: () => Date.now(), startPaused: options.startPaused }, { search });
  stores.push(store);
  return { store, s: () => store.getState(), jobs: fake.jobs, fail: fake.fail };
}

/** Runs timers and promise callbacks until nothing is pending. */
const settle = () => vi.runAllTimersAsync();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const store of stores) store.getState().dispose();
  stores = [];
  vi.useRealTimers();
});

/** An illegal square for the position: occupied start square. */
const occupied = (round: RoundSnapshot) => Object.keys(round.state.board)[0];
/** What the engine says of a move in the session's round (the session keeps its Game private). */
const checkMove = (state: SessionState, move: string) => Game.fromEvents(state.snapshot.events).check(move);

describe('session: human play', () => {
  it('a legal click plays the move and gives a new event log', async () => {
    const { s } = session('seats=human,human,human,human&seed=3');
    const before = s().snapshot.events;
    const mover = s().snapshot.state.toMove;
    const move = s().snapshot.legalMoves[0];
    s().clickSquare(move);
    expect(s().snapshot.events).not.toBe(before);
    expect(s().snapshot.events.length).toBeGreaterThan(before.length);
    expect(s().snapshot.state.moves).toHaveLength(1);
    expect(s().snapshot.state.board[move]).toBe(mover);
    expect(s().message).toBeNull();
  });

  it('an illegal click changes nothing but the message, which gives the engine reason', () => {
    const { s } = session('seats=human,human&seed=3');
    const before = s().snapshot.events;
    const square = occupied(s().snapshot);
    s().clickSquare(square);
    expect(s().snapshot.events).toBe(before);
    expect(s().snapshot.state.moves).toHaveLength(0);
    expect(s().message).toMatchObject({ kind: 'refusal', text: `${square} is occupied` });
    s().clickSquare('a1');
    expect(s().message?.text).toBe('a1 touches no ball');
    const id = s().message!.id;
    s().clickSquare('a1');
    expect(s().message!.id).toBeGreaterThan(id); // the same refusal again is shown again
  });

  it('hover previews legality and the balls that would roll (from Game.check)', () => {
    const { s } = session('seats=human,human,human,human&seed=3');
    const move = s().snapshot.legalMoves[0];
    s().hoverSquare(move);
    const check = checkMove(s(), move);
    expect(check.ok).toBe(true);
    const rolls = check.ok ? check.rolls : [];
    // Each colour's count after the move: the mover gains the placed ball and every rolled one.
    const after = { ...s().snapshot.scores };
    const mover = s().snapshot.toMove!;
    after[mover]! += 1 + rolls.length;
    for (const square of rolls) after[s().snapshot.state.board[square]]! -= 1;
    expect(s().preview).toEqual({ square: move, legal: true, rolls, after });
    expect(s().preview!.rolls.length).toBeGreaterThan(0);
    s().hoverSquare('a1');
    expect(s().preview).toEqual({ square: 'a1', legal: false, reason: 'a1 touches no ball', rolls: [] });
    s().hoverSquare(null);
    expect(s().preview).toBeNull();
    expect(s().legalSquares).toEqual(s().snapshot.legalMoves);
  });

  it('after a move the next player sees no preview of the socket just played ("f4 is occupied")', () => {
    const { s } = session('seats=human,human,human,human&seed=3');
    const move = s().snapshot.legalMoves[0];
    s().hoverSquare(move);
    s().clickSquare(move);
    expect(s().snapshot.state.moves).toHaveLength(1);
    expect(s().preview).toBeNull();
    s().hoverSquare(move); // the pointer moves again: now the occupied socket says so
    expect(s().preview).toMatchObject({ square: move, legal: false });
  });

  it("a first tap previews a socket as tapped (the status line says to tap again); pointing otherwise does not", () => {
    const { s } = session('seats=human,human&seed=3');
    const move = s().snapshot.legalMoves[0];
    s().hoverSquare(move, true);
    expect(s()).toMatchObject({ hovered: move, tapped: true, preview: { square: move, legal: true } });
    s().hoverSquare(move);
    expect(s().tapped).toBe(false);
    s().hoverSquare(null, true);
    expect(s().tapped).toBe(false);
  });

  it('a refusal goes when the player points at another socket', () => {
    const { s } = session('seats=human,human&seed=3');
    s().hoverSquare('a1');
    s().clickSquare('a1');
    expect(s().message?.kind).toBe('refusal');
    s().hoverSquare('a1');
    expect(s().message?.kind).toBe('refusal'); // still on the refused socket
    s().hoverSquare(s().snapshot.legalMoves[0]);
    expect(s().message).toBeNull();
  });

  it('Pro double: first click waits, second click plays both balls', () => {
    // rules.md: after red f4 has captured the only yellow ball, yellow may play e3+e6.
    let seed = 0;
    while (new Game({ players: 4, seed }).state.toMove !== 'red') seed++;
    const { s } = session(`seats=human,human,human,human&variant=pro&seed=${seed}`);
    s().clickSquare('f4');
    const double = s().snapshot.legalMoves.find((m) => m.includes('+'));
    expect(s().snapshot.legalMoves).toContain('e3+e6');
    const [a, b] = double!.split('+');
    const moves = s().snapshot.state.moves.length;
    s().clickSquare(a);
    expect(s().pendingDouble).toBe(a);
    expect(s().message?.text).toMatch(/^Pro: /);
    expect(s().snapshot.state.moves).toHaveLength(moves);
    s().hoverSquare(b);
    expect(s().preview).toMatchObject({ square: b, legal: true, first: a });
    s().clickSquare(b);
    expect(s().snapshot.state.moves).toHaveLength(moves + 1);
    expect(s().snapshot.state.moves[moves].squares).toEqual([a, b]);
    expect(s().pendingDouble).toBeNull();
  });

  it('Pro double: cancelling the first ball (Escape) leaves the round as it was', () => {
    let seed = 0;
    while (new Game({ players: 4, seed }).state.toMove !== 'red') seed++;
    const { s } = session(`seats=human,human,human,human&variant=pro&seed=${seed}`);
    s().clickSquare('f4');
    const [a, b] = s().snapshot.legalMoves.find((m) => m.includes('+'))!.split('+');
    expect(s().cancelDouble()).toBe(false); // nothing to cancel yet
    s().clickSquare(a);
    s().hoverSquare(b);
    expect(s().cancelDouble()).toBe(true);
    expect(s().pendingDouble).toBeNull();
    expect(s().message).toBeNull();
    expect(s().preview?.first).toBeUndefined(); // the preview is of b alone again
    const before = s().snapshot;
    s().clickSquare(b); // starts afresh from b: the cancelled first ball is not part of any move
    expect(s().snapshot.state.moves).toHaveLength(before.state.moves.length);
  });
});

describe('session: suggestions', () => {
  it('the strongest level suggests a move for the human to move: preview and message', async () => {
    const { s, jobs } = session('seats=human,human&seed=3');
    s().suggest();
    expect(s().thinking).toMatchObject({ purpose: 'suggestion', level: 'master' });
    await settle();
    const move = s().snapshot.legalMoves[0];
    const check = checkMove(s(), move);
    expect(jobs[0].request.level).toBe('master');
    expect(s().thinking).toBeNull();
    expect(s().preview).toEqual({ square: move, legal: true, rolls: check.ok ? check.rolls : [] });
    expect(s().message?.text).toBe(`Suggestion (master): ${move}, rolling ${check.ok ? check.rolls.join(', ') : ''}.`);
    expect(s().snapshot.state.moves).toHaveLength(0); // a suggestion plays nothing
  });

  it('playing while a suggestion is being found cancels it', async () => {
    const { s, jobs } = session('seats=human,human&seed=3', { answerAtOnce: false });
    s().suggest();
    const move = s().snapshot.legalMoves[1];
    s().clickSquare(move);
    expect(jobs[0].cancelled).toBe(true);
    expect(s().thinking).toBeNull();
    jobs[0].answer();
    await settle();
    expect(s().snapshot.state.moves.map((m) => m.squares[0])).toEqual([move]);
    expect(s().message).toBeNull();
  });
});

describe('session: undo (take-backs)', () => {
  it('takes back to the human’s last turn, computer moves included', async () => {
    const { s } = session('seats=human,ai,ai,ai&seed=5');
    await settle();
    expect(s().snapshot.state.toMove).toBe('red'); // the computers played until the human's turn
    const movesBefore = s().snapshot.state.moves.length;
    const board = { ...s().snapshot.state.board };
    s().clickSquare(s().snapshot.legalMoves[0]);
    await settle();
    expect(s().snapshot.state.moves.length).toBe(movesBefore + 4);
    expect(s().snapshot.canUndo).toBe(true);
    const events = s().snapshot.events;
    s().undo();
    expect(s().snapshot.events).not.toBe(events);
    expect(s().snapshot.state.moves.length).toBe(movesBefore);
    expect(s().snapshot.state.board).toEqual(board);
    expect(s().snapshot.state.toMove).toBe('red');
  });

  it('refuses when take-backs are off, and changes nothing', () => {
    const { s } = session('seats=human,human&seed=5');
    s().newGame({ players: [{ kind: 'human', name: 'A' }, { kind: 'human', name: 'B' }], size: 8, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: false, seed: 5 });
    s().clickSquare(s().snapshot.legalMoves[0]);
    const events = s().snapshot.events;
    expect(s().snapshot.canUndo).toBe(false);
    s().undo();
    expect(s().snapshot.events).toBe(events);
    expect(s().message).toMatchObject({ kind: 'refusal', text: 'Take-backs are off (strict play).' });
  });
});

describe('session: computer turns', () => {
  it('asks the computer once per turn and plays an all-computer round to the end', async () => {
    const { s, jobs } = session('seats=ai,ai:greedy,ai:beginner,ai&seed=9');
    await settle();
    expect(s().snapshot.state.over).toBe(true);
    expect(jobs).toHaveLength(60);
    expect(jobs.map((j) => j.request.level).slice(0, 4).sort()).toEqual(['beginner', 'greedy', 'master', 'master']);
    const total = Object.values(s().snapshot.state.result!.scores).reduce((a, b) => a + b!, 0);
    expect(total).toBe(64);
    expect(s().thinking).toBeNull();
  });

  it('started paused (the page, until its view has rendered), asks no computer until unpaused', async () => {
    const { s, jobs } = session('seats=ai,ai&seed=2', { startPaused: true });
    expect(s().paused).toBe(true);
    await settle();
    expect(jobs).toHaveLength(0);
    expect(s().snapshot.state.moves).toHaveLength(0);
    s().setPaused(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.length).toBeGreaterThan(0);
    expect(s().snapshot.state.moves.length).toBeGreaterThan(0);
  });

  it('waits while the director is animating, shows thinking, and honours move now', async () => {
    const { s, jobs } = session('seats=ai,ai&seed=2', { answerAtOnce: false });
    s().setAnimating(true);
    await settle();
    expect(jobs).toHaveLength(0); // not asked during an animation
    s().setAnimating(false);
    await settle();
    expect(jobs).toHaveLength(1);
    expect(s().thinking).toMatchObject({ seat: expect.any(Number), colour: s().snapshot.state.toMove, level: 'master' });
    // A director that starts animating as soon as the log grows, as the real one reports.
    const store = stores[stores.length - 1];
    store.subscribe((now, before) => {
      if (now.snapshot.events !== before.snapshot.events) now.setAnimating(true);
    });
    s().moveNow();
    expect(jobs[0].movedNow).toBe(true);
    await settle();
    expect(s().snapshot.state.moves).toHaveLength(1);
    expect(s().animating).toBe(true);
    expect(jobs).toHaveLength(1); // no new request while the move is animated
    s().setAnimating(false);
    await settle();
    expect(jobs).toHaveLength(2);
  });

  it('a human click on a computer turn is refused', async () => {
    let seed = 0;
    while (new Game({ players: 2, seed }).state.toMove !== 'red') seed++;
    const { s } = session(`seats=ai,human&seed=${seed}`, { answerAtOnce: false });
    await settle();
    expect(s().thinking?.colour).toBe('red');
    s().clickSquare(s().snapshot.legalMoves[0]);
    expect(s().message?.text).toMatch(/^It is red's turn: Master 1 \(computer\) is thinking/);
    expect(s().snapshot.state.moves).toHaveLength(0);
  });

  it('a new game cancels thinking and ignores the old answer', async () => {
    const { s, jobs } = session('seats=ai,ai&seed=2', { answerAtOnce: false });
    await settle();
    expect(jobs).toHaveLength(1);
    const players: MatchOptions['players'] = [{ kind: 'human', name: 'A' }, { kind: 'human', name: 'B' }];
    s().newGame({ players, size: 6, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: true, seed: 1 });
    expect(jobs[0].cancelled).toBe(true);
    jobs[0].answer('a1');
    await settle();
    expect(s().snapshot.state.moves).toHaveLength(0);
    expect(s().message).toBeNull();
    expect(s().snapshot.setup.size).toBe(6);
  });
});

describe('session: the computer fails for good', () => {
  /** A seed where red (the computer of seats=ai,human) starts. */
  const redStarts = () => {
    let seed = 0;
    while (new Game({ players: 2, seed }).state.toMove !== 'red') seed++;
    return seed;
  };

  it('the stand-in is kept and said until a person takes the seat over, through the stand-in\'s moves and the person\'s', async () => {
    const { s, jobs, fail } = session(`seats=ai,human&seed=${redStarts()}`, { answerAtOnce: false });
    await settle();
    expect(jobs).toHaveLength(1);
    // The worker crashes while thinking: the stand-in answers the question.
    fail('tactician');
    jobs[0].answer();
    await settle();
    expect(s().snapshot.state.moves).toHaveLength(1);
    expect(s()).toMatchObject({ standIn: 'tactician', standInNotice: true });
    // The person moves, the stand-in moves again: the notice stays.
    s().clickSquare(s().legalSquares[0]);
    await settle();
    jobs[1].answer();
    await settle();
    expect(s().snapshot.state.moves).toHaveLength(3);
    expect(s()).toMatchObject({ standIn: 'tactician', standInNotice: true });
    // Taking the seat over deals with it; the stand-in still plays any computer seat.
    s().takeOver(0, true);
    expect(s()).toMatchObject({ standIn: 'tactician', standInNotice: false });
  });

  it('OK or a new game deals with the notice; the stand-in still plays', async () => {
    const { s, jobs, fail } = session(`seats=ai,human&seed=${redStarts()}`, { answerAtOnce: false });
    await settle();
    fail('tactician');
    jobs[0].answer();
    await settle();
    s().dismissStandIn();
    expect(s()).toMatchObject({ standIn: 'tactician', standInNotice: false });
    fail('tactician');
    expect(s().standInNotice).toBe(true);
    s().newGame({ players: [{ kind: 'computer', level: 'master', name: 'A' }, { kind: 'human', name: 'B' }], size: 6, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: true, seed: 1 });
    expect(s()).toMatchObject({ standIn: 'tactician', standInNotice: false });
  });
});

describe('session: a computer that fails to answer', () => {
  it('an illegal answer is said, and the fallback level plays the move in its place (the match flow\'s rule, as in a room)', async () => {
    const { s, jobs } = session('seats=ai,ai&seed=2', { answerAtOnce: false });
    await settle();
    expect(jobs).toHaveLength(1);
    const occupiedSquare = occupied(s().snapshot);
    const asked = Game.fromEvents(s().snapshot.events);
    jobs[0].answer(occupiedSquare);
    await settle();
    expect(s().message?.text).toMatch(new RegExp(`${occupiedSquare}.*greedy`));
    expect(s().snapshot.state.moves).toHaveLength(1);
    expect(s().snapshot.state.moves[0].squares.join('+')).toBe(fallbackMove(asked));
    // The next turn is asked as usual.
    expect(jobs).toHaveLength(2);
  });
});

describe('session: round over and match', () => {
  it('standings count the finished round; next round rotates the seats', async () => {
    const { s } = session('seats=ai:greedy,ai:beginner&size=4&seed=11');
    await settle();
    const first = s().snapshot;
    expect(first.state.over).toBe(true);
    expect(first.state.moves).toHaveLength(12);
    expect(s().standings.roundsPlayed).toBe(1);
    const round1Seats = s().seats.map((x) => x.player);
    const scores = first.state.result!.playerScores;
    const winnerSeat = scores.indexOf(Math.max(...scores));
    expect(s().standings.standings[0].player).toBe(s().seats[winnerSeat].player);
    expect(s().standings.standings.reduce((a, b) => a + b.balls, 0)).toBe(16);

    s().nextRound();
    expect(s().round).toBe(1);
    expect(s().snapshot.setup).not.toBe(first.setup); // another round
    expect(s().results).toHaveLength(1);
    expect(s().seats.map((x) => x.player)).toEqual([round1Seats[1], round1Seats[0]]);
    expect(s().standings.roundsPlayed).toBe(1); // the new round is not over yet
    await settle();
    expect(s().standings.roundsPlayed).toBe(2);
    expect(s().standings.standings.reduce((a, b) => a + b.balls, 0)).toBe(32);
  });

  it('next round is refused while the round is on', () => {
    const { s } = session('seats=human,human&seed=1');
    s().nextRound();
    expect(s().round).toBe(0);
    expect(s().message?.kind).toBe('refusal');
  });

  it('the same seed gives the same rounds', async () => {
    const a = session('seats=ai,ai,ai&seed=77');
    const b = session('seats=ai,ai,ai&seed=77');
    await settle();
    expect(a.s().snapshot.events).toEqual(b.s().snapshot.events);
  });
});

describe('session: time limit', () => {
  it('plays the move for a human whose clock runs out', async () => {
    const { s } = session('seats=human,human&seed=3');
    const players: MatchOptions['players'] = [{ kind: 'human', name: 'A' }, { kind: 'human', name: 'B' }];
    s().newGame({ players, size: 8, variant: 'standard', misere: false, moveTimeLimit: 10, takeBacks: true, seed: 3 });
    const clock = s().clock!;
    expect(clock.deadline - Date.now()).toBe(10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(s().snapshot.state.moves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s().snapshot.state.moves).toHaveLength(1);
    expect(s().snapshot.state.moves[0].timedOut).toBe(true);
    expect(s().message?.text).toMatch(/time ran out/);
    expect(s().clock!.moveNumber).toBe(2); // the next player's clock runs
  });

  it('a dialog stops the clock and keeps the time left; closed, the clock runs on from there', async () => {
    const { s } = session('seats=human,human&seed=3');
    const players: MatchOptions['players'] = [{ kind: 'human', name: 'A' }, { kind: 'human', name: 'B' }];
    s().newGame({ players, size: 8, variant: 'standard', misere: false, moveTimeLimit: 10, takeBacks: true, seed: 3 });
    await vi.advanceTimersByTimeAsync(4_000);
    s().setPaused(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s().snapshot.state.moves).toHaveLength(0);
    s().setPaused(false);
    expect(s().clock!.deadline - Date.now()).toBe(6_000);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(s().snapshot.state.moves[0].timedOut).toBe(true);
  });

  it('times persons only: a computer\'s turn has no clock; undo gives the person\'s turn the whole limit again', async () => {
    const { s, jobs } = session('seats=human,ai&seed=3', { answerAtOnce: false });
    const players: MatchOptions['players'] = [{ kind: 'human', name: 'A' }, { kind: 'computer', level: 'master', name: 'B' }];
    s().newGame({ players, size: 8, variant: 'standard', misere: false, moveTimeLimit: 10, takeBacks: true, seed: 3 });
    await vi.advanceTimersByTimeAsync(0);
    if (s().thinking) jobs.at(-1)!.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(s().seats[s().snapshot.seatToMove!].kind).toBe('human');
    await vi.advanceTimersByTimeAsync(3_000);
    s().clickSquare(s().snapshot.legalMoves[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(s().thinking?.purpose).toBe('move');
    expect(s().clock).toBeNull();
    s().undo();
    expect(jobs.at(-1)!.cancelled).toBe(true);
    expect(s().thinking).toBeNull();
    expect(s().clock!.deadline - Date.now()).toBe(10_000);
  });

  it('a replay over the round holds its clock (the replay is untimed); left, the clock runs on with the time it had', async () => {
    const { s } = session('seats=human,human&seed=3');
    const players: MatchOptions['players'] = [{ kind: 'human', name: 'A' }, { kind: 'human', name: 'B' }];
    s().newGame({ players, size: 8, variant: 'standard', misere: false, moveTimeLimit: 10, takeBacks: true, seed: 3 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(s().openRecord(s().snapshot.record)).toBeNull();
    expect(s().clock).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s().snapshot.state.moves).toHaveLength(0);
    s().leaveReplay();
    expect(s().snapshot.state.moves).toHaveLength(0);
    expect(s().clock!.deadline - Date.now()).toBe(8_000);
  });

  it('the clock waits for the animation of the previous move', async () => {
    const { s } = session('seats=human,human&seed=3');
    const players: MatchOptions['players'] = [{ kind: 'human', name: 'A' }, { kind: 'human', name: 'B' }];
    s().newGame({ players, size: 8, variant: 'standard', misere: false, moveTimeLimit: 10, takeBacks: true, seed: 3 });
    s().setAnimating(true);
    expect(s().clock).toBeNull();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(s().snapshot.state.moves).toHaveLength(0);
    s().setAnimating(false);
    expect(s().clock).not.toBeNull();
  });
});

describe('session: settings', () => {
  it('speed and socket dots persist; a new game remembers its choices', () => {
    const storage = memoryStorage();
    const { s } = session('', { storage });
    s().setSpeed(Infinity);
    s().setSocketDots(true);
    s().newGame({ players: [{ kind: 'human', name: 'Ann' }, { kind: 'computer', level: 'greedy', name: 'G' }], size: 6, variant: 'pro', misere: true, moveTimeLimit: 30, takeBacks: false });
    const again = session('', { storage });
    expect(again.s().settings).toMatchObject({ speed: Infinity, socketDots: true, moveTimeLimit: 30, takeBacks: false });
    expect(again.s().settings.newGame).toEqual({ players: [{ kind: 'human', name: 'Ann' }, { kind: 'computer', level: 'greedy', name: 'G' }], size: 6, variant: 'pro', misere: true });
    expect(again.s().snapshot.setup).toMatchObject({ size: 6, variant: 'pro', misere: true, moveTimeLimit: 30, takeBacks: false });
    expect(again.s().problems).toEqual([]);
  });

  it('corrupted storage: a clear message, defaults, and the bad data is removed', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: '{not json' });
    const { s } = session('', { storage });
    expect(s().problems).toEqual(['Saved settings were corrupted (not readable data) and have been reset to the defaults.']);
    expect(s().settings.speed).toBe(1);
    expect(s().snapshot.setup.players).toHaveLength(4);
    expect(storage.map.has(STORAGE_KEY)).toBe(false);
  });

  it('a bad field is named and replaced; good fields stay', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify({ speed: 100, hints: true, newGame: { players: [], size: 8 } }) });
    const { s } = session('', { storage });
    expect(s().problems).toEqual([
      'Saved setting "speed" (100) was not valid; the default is used.',
      'Saved setting "newGame" ({"players":[],"size":8}) was not valid; the default is used.',
    ]);
    expect(s().settings.socketDots).toBe(true);
    expect(s().settings.speed).toBe(1);
  });

  it('URL problems are listed and the page starts with defaults for them', () => {
    const { s } = session('seats=human,wizard&size=5&speed=fast&seed=8');
    expect(s().problems).toEqual([
      'URL parameter seats=human,wizard: each seat is human, ai or ai:<level>; "wizard" is neither; e.g. seats=human,ai,ai:master,ai.',
      'URL parameter size=5: 8, 6 or 4.',
      'URL parameter speed=fast: a multiplier from 0.25 to 8, or instant.',
    ]);
    expect(s().snapshot.setup.size).toBe(8);
    expect(s().snapshot.setup.seed).toBe(8);
    expect(s().seats).toHaveLength(4);
    expect(s().settings.speed).toBe(1);
  });

  it('the URL overrides the saved game only where it says something', () => {
    const storage = memoryStorage();
    const first = session('', { storage });
    first.s().newGame({ players: [{ kind: 'human', name: 'Ann' }, { kind: 'computer', level: 'greedy', name: 'G' }], size: 6, variant: 'team', misere: true, moveTimeLimit: 0, takeBacks: true });
    const sized = session('size=4', { storage });
    expect(sized.s().snapshot.setup).toMatchObject({ size: 4, variant: 'team', misere: true });
    expect(sized.s().players.map((p) => p.name)).toEqual(['Ann', 'G']);
    const four = session('seats=human,ai,ai,ai', { storage });
    expect(four.s().snapshot.setup).toMatchObject({ size: 6, variant: 'standard', misere: true });
    expect(four.s().players.map((p) => p.name)).toEqual(['You', 'Master 2', 'Master 3', 'Master 4']);
  });

  it('URL speed and hints apply', () => {
    const { s } = session('speed=instant&hints=on');
    expect(s().settings.speed).toBe(Infinity);
    expect(s().settings.socketDots).toBe(true);
  });
});

describe('session: round snapshots', () => {
  it('publishes a new frozen snapshot after each change; an old one stays as it was', () => {
    const { s } = session('seats=human,human&seed=3');
    const before = s().snapshot;
    const movesBefore = before.state.moves.length;
    const board = { ...before.state.board };
    expect(Object.isFrozen(before)).toBe(true);
    expect(Object.isFrozen(before.state)).toBe(true);
    expect(before.canUndo).toBe(false);
    const move = before.legalMoves[0];
    s().clickSquare(move);
    const after = s().snapshot;
    expect(after).not.toBe(before);
    expect(after.state.moves).toHaveLength(movesBefore + 1);
    expect(after.canUndo).toBe(true);
    expect(after.seatToMove).not.toBe(before.seatToMove);
    // The old snapshot is what a component rendered: it must not have moved on with the game.
    expect(before.state.moves).toHaveLength(movesBefore);
    expect(before.state.board).toEqual(board);
    s().hoverSquare('a1');
    expect(s().snapshot).toBe(after); // hovering is input, not a change of the round
  });
});

describe('session: a fair first game', () => {
  it('with nothing saved, the computers play the first-game level; a saved choice wins', () => {
    const fresh = createSession({ computer: fakeComputer(false).computer, levels: LEVELS, defaultLevel: 'master', firstGameLevel: 'greedy' }, { search: '' });
    stores.push(fresh);
    const computers = fresh.getState().players.filter((p) => p.kind === 'computer');
    expect(computers.length).toBeGreaterThan(0);
    expect(computers.every((p) => p.level === 'greedy')).toBe(true);
    expect(fresh.getState().players[0]).toMatchObject({ kind: 'human' });
    const storage = memoryStorage();
    fresh.getState().dispose();
    const first = createSession({ computer: fakeComputer(false).computer, levels: LEVELS, defaultLevel: 'master', firstGameLevel: 'greedy', storage }, { search: '' });
    stores.push(first);
    first.getState().newGame({ players: [{ kind: 'human', name: 'A' }, { kind: 'computer', level: 'master', name: 'M' }], size: 8, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: true });
    const again = createSession({ computer: fakeComputer(false).computer, levels: LEVELS, defaultLevel: 'master', firstGameLevel: 'greedy', storage }, { search: '' });
    stores.push(again);
    expect(again.getState().players[1]).toMatchObject({ kind: 'computer', level: 'master' });
  });
});
