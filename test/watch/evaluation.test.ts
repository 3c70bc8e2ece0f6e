import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker, WorkerLike } from '../../src/ai/browser/messages';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { biggestSwings, createEvaluator, toChances } from '../../src/app/analysis/evaluation';
import { createSession } from '../../src/app/session/session';
import { percentages } from '../../src/ui/watch/EvaluationBar';

/** A worker the test answers by hand; `alive` false makes it silent. */
function fakeWorker() {
  const sent: ToWorker[] = [];
  const made: WorkerLike[] = [];
  const create = (): WorkerLike => {
    const w: WorkerLike = { postMessage: (m) => void sent.push(m), terminate: () => undefined, onmessage: null, onerror: null };
    made.push(w);
    return w;
  };
  const answer = (values: number[], which = sent[sent.length - 1]) => made[made.length - 1].onmessage!({ data: { type: 'evaluation', id: which.id, values, work: 1 } as FromWorker });
  return { sent, made, create, answer };
}
const nobody: ComputerPlayer = { think: () => ({ result: new Promise(() => undefined), moveNow: () => undefined, cancel: () => undefined }) };

describe('evaluation', () => {
  it('chances sum to 1 and rounded percentages to exactly 100', () => {
    expect(toChances([0.2, 0.2, 0.4, 0.2]).reduce((a, b) => a + b)).toBeCloseTo(1);
    expect(toChances([1.5, 0.5])).toEqual([0.75, 0.25]); // misère rewards need normalising
    for (const parts of [[1, 1, 1], [0.333, 0.333, 0.334], [0.7, 0.1, 0.1, 0.1], [5, 0, 0, 0]]) expect(percentages(parts).reduce((a, b) => a + b)).toBe(100);
    expect(percentages([1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('asks after each move, keeps the last chances until the next answer, drops stale answers', () => {
    const session = createSession({ computer: nobody, levels: ['master'], defaultLevel: 'master', storage: null }, { search: '?seats=human,human&seed=2' });
    const worker = fakeWorker();
    const { store, stop } = createEvaluator(session, { createWorker: worker.create, movetime: 100 });
    expect(worker.sent).toHaveLength(1);
    expect(worker.sent[0]).toMatchObject({ type: 'evaluate', request: { movetime: 100 } });
    worker.answer([0.6, 0.4]);
    expect(store.getState().latest).toEqual({ move: 0, chances: [0.6, 0.4] });
    const first = worker.sent[0];
    session.getState().clickSquare(session.getState().snapshot.legalMoves[0]);
    expect(worker.sent).toHaveLength(2);
    expect(store.getState().latest?.move).toBe(0); // steady: the old numbers until the new ones
    worker.answer([0.1, 0.9], first); // an answer to the old question
    expect(store.getState().latest?.move).toBe(0);
    worker.answer([0.3, 0.7]);
    expect(store.getState().latest).toEqual({ move: 1, chances: [0.3, 0.7] });
    expect(store.getState().history.map((h) => h.move)).toEqual([0, 1]);
    session.getState().undo();
    expect(store.getState().history.map((h) => h.move)).toEqual([0]);
    stop();
    session.getState().dispose();
  });

  it('moves faster than a search wait for its answer, which is kept; then the latest position is asked', () => {
    const session = createSession({ computer: nobody, levels: ['master'], defaultLevel: 'master', storage: null }, { search: '?seats=human,human&seed=2' });
    const worker = fakeWorker();
    const { store, stop } = createEvaluator(session, { createWorker: worker.create, movetime: 100 });
    const play = () => session.getState().clickSquare(session.getState().snapshot.legalMoves[0]);
    // Two moves while the first question (move 0) is open: nothing more is asked yet.
    play();
    play();
    expect(worker.sent).toHaveLength(1);
    worker.answer([0.6, 0.4]);
    // Its answer counts for move 0, and the position as it stands now (move 2) is asked at once.
    expect(store.getState().history).toEqual([{ move: 0, chances: [0.6, 0.4] }]);
    expect(worker.sent).toHaveLength(2);
    worker.answer([0.2, 0.8]);
    expect(store.getState().history.map((h) => h.move)).toEqual([0, 2]);
    expect(store.getState().waiting).toBe(false);
    stop();
    session.getState().dispose();
  });

  it('a silent worker is replaced at the next question', () => {
    let t = 0;
    const session = createSession({ computer: nobody, levels: ['master'], defaultLevel: 'master', storage: null }, { search: '?seats=human,human&seed=2' });
    const worker = fakeWorker();
    const { stop } = createEvaluator(session, { createWorker: worker.create, movetime: 100, silentMs: 1000, now: () => t });
    t = 5000;
    session.getState().clickSquare(session.getState().snapshot.legalMoves[0]);
    expect(worker.made).toHaveLength(2);
    stop();
    session.getState().dispose();
  });

  it('an answer without an estimate (a forced move, not searched) keeps the last chances: no even split, no swing', () => {
    const session = createSession({ computer: nobody, levels: ['master'], defaultLevel: 'master', storage: null }, { search: '?seats=human,human&seed=2' });
    const worker = fakeWorker();
    const { store, stop } = createEvaluator(session, { createWorker: worker.create, movetime: 100 });
    // Before any estimate, nothing is made up.
    worker.answer([0, 0]);
    expect(store.getState()).toMatchObject({ latest: null, history: [], waiting: false });
    session.getState().clickSquare(session.getState().snapshot.legalMoves[0]);
    worker.answer([0.9, 0.1]);
    session.getState().clickSquare(session.getState().snapshot.legalMoves[0]);
    worker.answer([0, 0]);
    expect(store.getState().latest).toEqual({ move: 2, chances: [0.9, 0.1] });
    expect(store.getState().waiting).toBe(false);
    expect(store.getState().history.map((p) => p.chances)).toEqual([[0.9, 0.1], [0.9, 0.1]]);
    expect(biggestSwings(store.getState().history)).toEqual([]);
    stop();
    session.getState().dispose();
  });

  it('searches nothing while engine help is not shown; shown again, the position as it stands is asked', () => {
    const session = createSession({ computer: nobody, levels: ['master'], defaultLevel: 'master', storage: null }, { search: '?seats=human,human&seed=2' });
    const worker = fakeWorker();
    let hidden = true;
    const listeners = new Set<() => void>();
    const help = { shown: () => !hidden, subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)) };
    const switchHelp = (on: boolean) => ((hidden = !on), listeners.forEach((l) => l()));
    const { store, stop } = createEvaluator(session, { createWorker: worker.create, movetime: 100, help });
    const play = () => session.getState().clickSquare(session.getState().snapshot.legalMoves[0]);
    play();
    expect(worker.made).toHaveLength(0); // not even a worker started
    expect(store.getState().waiting).toBe(false);
    switchHelp(true);
    expect(worker.sent).toHaveLength(1);
    worker.answer([0.6, 0.4]);
    expect(store.getState().history).toEqual([{ move: 1, chances: [0.6, 0.4] }]);
    // Hidden while a question is open: its answer is kept, the next move is not asked.
    play();
    switchHelp(false);
    play();
    worker.answer([0.3, 0.7]);
    expect(store.getState().history.map((p) => p.move)).toEqual([1, 2]);
    expect(worker.sent).toHaveLength(2);
    expect(store.getState().waiting).toBe(false);
    // Shown by a change of the session itself (no switch heard): asked at once, with no move played.
    hidden = false;
    session.setState({ preview: null });
    expect(worker.sent).toHaveLength(3);
    expect(worker.sent[2]).toMatchObject({ type: 'evaluate' });
    stop();
    expect(listeners.size).toBe(0);
    session.getState().dispose();
  });

  it('marks the biggest swings of the round', () => {
    const history = [0, 0.05, 0.1, 0.6, 0.55, 0.2, 0.25].map((c, move) => ({ move, chances: [c, 1 - c] }));
    expect(biggestSwings(history, 2)).toEqual([
      { move: 3, player: 0, change: expect.closeTo(0.5) },
      { move: 5, player: 1, change: expect.closeTo(0.35) },
    ]);
  });
});
