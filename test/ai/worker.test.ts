import { describe, expect, it } from 'vitest';
import { Game, MAX_MOVES, type Position } from '../../src/engine';
import { AiClient, FALLBACK_LEVEL } from '../../src/ai/browser/client';
import { type FromWorker, positionFromRequest, type ThinkRequest, thinkRequest, type ToWorker, type WorkerLike } from '../../src/ai/browser/messages';
import { allSearches } from '../../src/ai/browser/allSearches';
import { WorkerBrain } from '../../src/ai/browser/worker-brain';

function legal(position: Position): number[] {
  const out = new Int32Array(MAX_MOVES);
  return Array.from(out.subarray(0, position.generate(out)));
}

function startRequest(overrides: Partial<ThinkRequest> = {}): ThinkRequest {
  const game = new Game({ players: 4, seed: 2 });
  game.play(game.legalMoves()[0]);
  return { ...thinkRequest(game.positionCopy(), [0, 1, 2, 3], false, { seed: 1, level: 'master' }), ...overrides };
}

/** A brain whose slices run on a manual queue, so tests decide when messages arrive. */
function manualBrain() {
  const queue: (() => void)[] = [];
  const posted: FromWorker[] = [];
  const brain = new WorkerBrain((m) => posted.push(m), allSearches, (fn) => queue.push(fn), 1);
  const runSlice = () => queue.shift()?.();
  return { brain, posted, queue, runSlice };
}

describe('WorkerBrain (the worker message handling)', () => {
  it('answers think with a legal move', () => {
    const { brain, posted, queue, runSlice } = manualBrain();
    const request = startRequest({ iterations: 200 });
    brain.handle({ type: 'think', id: 1, request });
    while (queue.length) runSlice();
    const move = posted.find((m) => m.type === 'move');
    expect(move).toMatchObject({ type: 'move', id: 1 });
    expect(legal(positionFromRequest(request))).toContain(move!.type === 'move' && move!.move);
    expect(brain.busy).toBe(false);
  });

  it('gives the same move as chooseMove for the same iteration budget, however it is sliced', async () => {
    const { chooseMove } = await import('../../src/ai');
    const request = startRequest({ iterations: 3000, seed: 9 });
    const { brain, posted, queue, runSlice } = manualBrain();
    brain.handle({ type: 'think', id: 1, request });
    let slices = 0;
    while (queue.length) {
      runSlice();
      slices++;
    }
    const expected = chooseMove(positionFromRequest(request), { level: 'master', iterations: 3000, seed: 9, owners: request.owners });
    expect(slices).toBeGreaterThan(1);
    expect(posted.find((m) => m.type === 'move')).toMatchObject({ move: expected, work: 3000 });
  });

  it('move now: a long search answers with its best move at the next slice', () => {
    const { brain, posted, queue, runSlice } = manualBrain();
    const request = startRequest({ movetime: 600_000 });
    brain.handle({ type: 'think', id: 7, request });
    runSlice();
    runSlice();
    expect(posted.filter((m) => m.type === 'move')).toHaveLength(0);
    brain.handle({ type: 'stop', id: 7 });
    runSlice();
    const move = posted.find((m) => m.type === 'move');
    expect(move).toMatchObject({ type: 'move', id: 7 });
    expect(legal(positionFromRequest(request))).toContain(move!.type === 'move' && move!.move);
    expect(queue).toHaveLength(0);
  });

  it('cancel: the search stops and never answers', () => {
    const { brain, posted, queue, runSlice } = manualBrain();
    brain.handle({ type: 'think', id: 3, request: startRequest({ movetime: 600_000 }) });
    runSlice();
    brain.handle({ type: 'cancel', id: 3 });
    while (queue.length) runSlice();
    expect(posted.filter((m) => m.type !== 'progress')).toEqual([]);
    expect(brain.busy).toBe(false);
  });

  it('a stop or cancel for another search id changes nothing', () => {
    const { brain, posted, queue, runSlice } = manualBrain();
    brain.handle({ type: 'think', id: 4, request: startRequest({ iterations: 100 }) });
    brain.handle({ type: 'cancel', id: 3 });
    brain.handle({ type: 'stop', id: 3 });
    while (queue.length) runSlice();
    expect(posted.find((m) => m.type === 'move')).toMatchObject({ id: 4, work: 100 });
  });

  it('a bad request gets an error message, not a crash', () => {
    const { brain, posted } = manualBrain();
    brain.handle({ type: 'think', id: 5, request: startRequest({ level: 'grandmaster' }) });
    expect(posted).toEqual([{ type: 'error', id: 5, message: expect.stringContaining('unknown level') }]);
  });
});

/** A fake Worker that runs a WorkerBrain on timers, like the real worker on its own thread. */
class BrainWorker implements WorkerLike {
  onmessage: ((event: { data: FromWorker }) => void) | null = null;
  onerror: ((event: { message?: string }) => void) | null = null;
  terminated = false;
  readonly brain = new WorkerBrain(
    (m) => setTimeout(() => !this.terminated && this.onmessage?.({ data: m }), 0),
    allSearches,
    (fn) => setTimeout(fn, 0),
  );
  postMessage(message: ToWorker): void {
    setTimeout(() => !this.terminated && this.brain.handle(message), 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

/** A fake Worker that fails as soon as it is asked to think. */
class CrashingWorker implements WorkerLike {
  onmessage: ((event: { data: FromWorker }) => void) | null = null;
  onerror: ((event: { message?: string }) => void) | null = null;
  terminated = false;
  postMessage(): void {
    setTimeout(() => this.onerror?.({ message: 'out of memory' }), 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe('AiClient', () => {
  it('asks the worker and returns a legal move with its captures', async () => {
    const client = new AiClient({ createWorker: () => new BrainWorker() });
    const game = new Game({ players: 3, seed: 4 });
    const result = await client.requestMove(game, { level: 'master', iterations: 300 });
    expect(result).not.toBeNull();
    expect(result!.fallback).toBe(false);
    expect(game.legalMoves()).toContain(result!.name);
    const check = game.check(result!.name);
    expect(check.ok && check.rolls).toEqual(result!.captures);
    expect(client.thinking).toBe(false);
    client.dispose();
  });

  it('move now ends a long search early with a legal move', async () => {
    const client = new AiClient({ createWorker: () => new BrainWorker() });
    const game = new Game({ players: 4, seed: 4 });
    const pending = client.requestMove(game, { level: 'strategist', movetime: 600_000 });
    expect(client.thinking).toBe(true);
    await new Promise((r) => setTimeout(r, 30));
    client.moveNow();
    const result = await pending;
    expect(game.legalMoves()).toContain(result!.name);
    expect(result!.fallback).toBe(false);
    client.dispose();
  });

  it('cancel resolves null, and a new request replaces a running one', async () => {
    const client = new AiClient({ createWorker: () => new BrainWorker() });
    const game = new Game({ players: 2, seed: 4 });
    const first = client.requestMove(game, { movetime: 600_000 });
    client.cancel();
    expect(await first).toBeNull();
    const second = client.requestMove(game, { movetime: 600_000 });
    const third = client.requestMove(game, { level: 'greedy' });
    expect(await second).toBeNull();
    expect(game.legalMoves()).toContain((await third)!.name);
    client.dispose();
  });

  it('a crashed worker: the seat falls back to a simpler level on the main thread, with a notice', async () => {
    const notices: string[] = [];
    const worker = new CrashingWorker();
    const client = new AiClient({ createWorker: () => worker, onNotice: (n) => notices.push(n) });
    const game = new Game({ players: 4, seed: 8 });
    const result = await client.requestMove(game, { level: 'master', movetime: 1000 });
    expect(result!.fallback).toBe(true);
    expect(result!.level).toBe(FALLBACK_LEVEL);
    expect(game.legalMoves()).toContain(result!.name);
    expect(worker.terminated).toBe(true);
    expect(client.notice).toMatch(/out of memory.*tactician level/);
    expect(notices).toEqual([client.notice]);
    // Later requests of this client stay on the fallback.
    game.play(result!.name);
    const next = await client.requestMove(game);
    expect(next!.fallback).toBe(true);
    expect(game.legalMoves()).toContain(next!.name);
  });

  it('a worker that cannot be created also falls back', async () => {
    const client = new AiClient({
      createWorker: () => {
        throw new Error('Worker is not defined');
      },
    });
    const game = new Game({ players: 2, seed: 8 });
    const result = await client.requestMove(game);
    expect(result!.fallback).toBe(true);
    expect(client.notice).toMatch(/could not be started/);
  });

  it('an illegal answer from the worker is treated as a crash', async () => {
    const worker = new BrainWorker();
    worker.postMessage = (message: ToWorker) => {
      if (message.type === 'think') setTimeout(() => worker.onmessage?.({ data: { type: 'move', id: message.id, move: 0, work: 1, ms: 1 } }), 0);
    };
    const client = new AiClient({ createWorker: () => worker });
    const game = new Game({ players: 2, seed: 8 });
    const result = await client.requestMove(game);
    expect(result!.fallback).toBe(true);
    expect(client.notice).toMatch(/illegal move/);
  });
});
