import { afterEach, describe, expect, it } from 'vitest';
import { chooseMove } from '../../src/ai/index';
import { RootParallelPlayer } from '../../src/ai/tools/root-parallel-player';
import { Game, moveName } from '../../src/engine';
import { EngineSession, type ParallelSearchFactory } from '../../src/cli/protocol';
import { EngineDriver } from './run';

const TWO = 'newgame size=8 colours=red,green first=red seed=4';

describe('setoption threads: the master searches root-parallel on worker threads', { timeout: 60_000 }, () => {
  const sessions: EngineSession[] = [];
  afterEach(() => sessions.splice(0).forEach((s) => s.close()));

  /** A session whose parallel searches are real worker threads, counted. */
  function session(): { session: EngineSession; started: number[] } {
    const started: number[] = [];
    const factory: ParallelSearchFactory = (level, threads) => {
      started.push(threads);
      return new RootParallelPlayer(level, threads);
    };
    const s = new EngineSession(factory);
    sessions.push(s);
    return { session: s, started };
  }

  it('answers go with a legal move from the threads, and one thread plays as before', async () => {
    const { session: s, started } = session();
    expect(s.handle(TWO)).toEqual(['ok']);
    expect(await s.handleAsync('go movetime=100 seed=3')).toEqual([expect.stringMatching(/^bestmove [a-h][1-8]$/)]);
    expect(started).toEqual([]);
    expect(s.handle('setoption threads=2')).toEqual(['ok']);
    const [reply] = await s.handleAsync('go movetime=150 seed=3');
    expect(started).toEqual([2]);
    const move = reply.replace('bestmove ', '');
    expect(s.handle('moves')[0].split(' ').slice(1)).toContain(move);
    // The same pool serves the next move; a weaker level stays on this thread.
    expect((await s.handleAsync(`play ${move}`))[0]).toMatch(/^ok red /);
    expect((await s.handleAsync('go movetime=100'))[0]).toMatch(/^bestmove /);
    expect(started).toEqual([2]);
    const game = new Game({ size: 8, colours: ['red', 'green'], first: 'red', seed: 4 });
    game.play(move);
    const greedy = moveName(8, chooseMove(game.positionCopy(), { level: 'greedy', seed: 9, owners: [0, -1, 1, -1] }));
    expect(await s.handleAsync('go level=greedy seed=9')).toEqual([`bestmove ${greedy}`]);
    expect(started).toEqual([2]);
  });

  it('refuses bad values with the reason and changes nothing', async () => {
    const { session: s, started } = session();
    expect(s.handle('setoption threads=0')).toEqual(['error threads must be a whole number from 1 to 16, not "0"']);
    expect(s.handle('setoption threads=17')).toEqual(['error threads must be a whole number from 1 to 16, not "17"']);
    expect(s.handle('setoption cores=2')).toEqual(['error setoption: unknown key "cores" (keys: threads)']);
    expect(s.handle('setoption')).toEqual(['error setoption: threads= is required']);
    expect(await s.handleAsync('go')).toEqual(['error no game: send newgame first']);
    expect(s.handle('setoption threads=2')).toEqual(['ok']);
    expect(await s.handleAsync('go')).toEqual(['error no game: send newgame first']);
    expect(s.handle(TWO)).toEqual(['ok']);
    expect(await s.handleAsync('go level=grandmaster')).toEqual([expect.stringMatching(/^error unknown level "grandmaster"/)]);
    expect(started).toEqual([]);
    // Without worker threads (a session made without them) only 1 is allowed.
    expect(new EngineSession().handle('setoption threads=2')).toEqual(['error threads must be a whole number from 1 to 1, not "2"']);
  });

  it('over pipes: the engine searches on two threads and still exits 0 on quit (the threads are stopped)', async () => {
    const engine = new EngineDriver();
    expect(await engine.ask('setoption threads=2')).toBe('ok');
    expect(await engine.ask(TWO)).toBe('ok');
    const [, move] = (await engine.ask('go movetime=200'))!.split(' ');
    expect((await engine.ask('moves'))!.split(' ')).toContain(move);
    engine.send('quit');
    expect(await engine.next()).toBeNull();
    expect(await engine.exited).toBe(0);
    expect(engine.stderr).toBe('');
  });
});
