/** The strongest move on demand: the master's move and win chances from the worker, cleared when the position changes. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseMove, seatOptions } from '../../src/ai/index';
import { type FromWorker, thinkRequest, type ToWorker, type WorkerLike } from '../../src/ai/browser/messages';
import { allSearches } from '../../src/ai/browser/allSearches';
import { WorkerBrain } from '../../src/ai/browser/worker-brain';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { createSession } from '../../src/app/session/session';
import { createStrongestMove, markedSquares, strongestView } from '../../src/app/analysis/strongestMove';
import { Game } from '../../src/engine/index';
import { SHORTCUTS, shortcutOf } from '../../src/ui/a11y/shortcuts';

const nobody: ComputerPlayer = { think: () => ({ result: new Promise(() => undefined), moveNow: () => undefined, cancel: () => undefined }) };
const twoHumans = () => createSession({ computer: nobody, levels: ['master'], defaultLevel: 'master', storage: null }, { search: '?seats=human,human,human&seed=2' });

/** A worker the test answers by hand. */
function handWorker() {
  const sent: ToWorker[] = [];
  let worker: WorkerLike | null = null;
  const create = (): WorkerLike => (worker = { postMessage: (m) => void sent.push(m), terminate: () => undefined, onmessage: null, onerror: null });
  const reply = (message: FromWorker) => worker!.onmessage!({ data: message });
  return { sent, create, reply, last: () => sent[sent.length - 1] };
}

/** The real worker code (WorkerBrain) behind a WorkerLike, its slices run on timers. */
function brainWorker(): WorkerLike {
  const worker: WorkerLike = {
    postMessage: (m) => brain.handle(m as ToWorker),
    terminate: () => undefined,
    onmessage: null,
    onerror: null,
  };
  const brain = new WorkerBrain((m) => worker.onmessage?.({ data: m }), allSearches, (fn) => setTimeout(fn, 0));
  return worker;
}

afterEach(() => vi.useRealTimers());

describe('strongest move', () => {
  it('is asked with the A key, listed in the shortcuts help', () => {
    const key = (k: string) => ({ key: k, code: `Key${k.toUpperCase()}`, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false });
    expect(shortcutOf(key('a'))).toEqual({ id: 'strongest' });
    expect(shortcutOf(key('A'))).toEqual({ id: 'strongest' });
    expect(SHORTCUTS.find((s) => s.id === 'strongest')).toMatchObject({ keys: 'A', description: expect.stringMatching(/strongest/i) });
  });

  it("the worker's evaluation answers the master's own move for the same seed and budget", () => {
    const game = new Game({ players: 3, seed: 5 });
    game.play(game.legalMoves()[2]);
    const { owners, misere } = seatOptions(game.setup);
    const posted: FromWorker[] = [];
    const queue: (() => void)[] = [];
    const brain = new WorkerBrain((m) => posted.push(m), allSearches, (fn) => queue.push(fn), 1);
    brain.handle({ type: 'evaluate', id: 1, request: thinkRequest(game.positionCopy(), owners, misere, { seed: 9, iterations: 400 }) });
    while (queue.length) queue.shift()!();
    const answer = posted.find((m) => m.type === 'evaluation');
    if (answer?.type !== 'evaluation') throw new Error(`no evaluation: ${JSON.stringify(posted)}`);
    expect(answer.move).toBe(chooseMove(game.positionCopy(), { level: 'master', iterations: 400, seed: 9, owners, misere }));
  });

  it('asks the worker on demand and answers a legal move with chances per player summing to 1', async () => {
    const session = twoHumans();
    const { store, stop } = createStrongestMove(session, { createWorker: brainWorker, movetime: 60 });
    expect(store.getState().status).toBe('idle'); // nothing asked, nothing searched
    store.getState().ask();
    expect(store.getState().status).toBe('thinking');
    await vi.waitFor(() => expect(store.getState().status).toBe('done'), { timeout: 5000 });
    const { move, chances } = store.getState();
    const snapshot = session.getState().snapshot;
    expect(snapshot.legalMoves).toContain(move);
    expect(chances).toHaveLength(3);
    expect(chances!.reduce((a, b) => a + b)).toBeCloseTo(1, 9);
    const view = strongestView(store.getState(), snapshot)!;
    expect(view.chances!.map((c) => c.colours)).toEqual(snapshot.setup.players.map((p) => [...p]));
    // A move on the board: the answer is gone.
    session.getState().clickSquare(snapshot.legalMoves[0]);
    expect(store.getState().status).toBe('idle');
    expect(strongestView(store.getState(), session.getState().snapshot)).toBeNull();
    stop();
    session.getState().dispose();
  });

  it('a change of position cancels the open question; its late answer is dropped', () => {
    const session = twoHumans();
    const worker = handWorker();
    const { store, stop } = createStrongestMove(session, { createWorker: worker.create });
    store.getState().ask();
    const question = worker.last();
    expect(question).toMatchObject({ type: 'evaluate', request: { level: expect.any(String) } });
    store.getState().ask(); // asked again on the same position: the same question
    expect(worker.sent).toHaveLength(1);
    session.getState().clickSquare(session.getState().snapshot.legalMoves[0]);
    expect(worker.last()).toEqual({ type: 'cancel', id: question.id });
    worker.reply({ type: 'evaluation', id: question.id, values: [1, 0, 0], move: 0, work: 1 });
    expect(store.getState()).toMatchObject({ status: 'idle', move: null, chances: null });
    // Asked on the new position: a new question, its answer shown.
    store.getState().ask();
    const second = worker.last();
    expect(second.id).not.toBe(question.id);
    const legal = session.getState().snapshot.legalMoves;
    const check = Game.fromEvents(session.getState().snapshot.events).check(legal[1]);
    if (!check.ok) throw new Error(check.reason);
    const move = check.move;
    worker.reply({ type: 'evaluation', id: second.id, values: [0.5, 0.25, 0.25], move, work: 1 });
    expect(store.getState()).toMatchObject({ status: 'done', move: legal[1], chances: [0.5, 0.25, 0.25] });
    expect(markedSquares(store.getState().move)).toEqual([legal[1]]);
    stop();
    session.getState().dispose();
  });

  it('says why when the worker fails or goes silent, or the round is over', () => {
    vi.useFakeTimers();
    const live = twoHumans();
    const w2 = handWorker();
    const s2 = createStrongestMove(live, { createWorker: w2.create, movetime: 100, silentMs: 1000 });
    s2.store.getState().ask();
    w2.reply({ type: 'error', id: w2.last().id, message: 'out of memory' });
    expect(s2.store.getState()).toMatchObject({ status: 'failed', reason: 'out of memory' });
    live.getState().clickSquare(live.getState().snapshot.legalMoves[0]);
    s2.store.getState().ask();
    vi.advanceTimersByTime(1101);
    expect(s2.store.getState()).toMatchObject({ status: 'failed', reason: expect.stringMatching(/did not answer/) });
    s2.stop();
    live.getState().dispose();

    // A finished round: nothing to ask, no question sent.
    const over = createSession({ computer: nobody, levels: ['master'], defaultLevel: 'master', storage: null }, { search: '?seats=human,human&seed=2' });
    const w3 = handWorker();
    const s3 = createStrongestMove(over, { createWorker: w3.create });
    while (!over.getState().snapshot.over) over.getState().clickSquare(over.getState().snapshot.legalMoves[0]);
    s3.store.getState().ask();
    expect(s3.store.getState()).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/over/) });
    expect(w3.sent).toHaveLength(0);
    s3.stop();
    over.getState().dispose();
  });
});
