import { describe, expect, it } from 'vitest';
import { EngineDriver, rolit } from './run';

const FOUR = 'newgame size=8 colours=red,yellow,green,blue first=red seed=7';
/** The longest search `go` accepts: an hour. */
const HOUR = 'movetime=3600000';
/** Far more than a stopped search takes, far less than the search it stops. */
const GENEROUS_MS = 20_000;

/** The legal moves at the start of FOUR. */
const START_MOVES = ['f4', 'd6', 'f6'];

describe('stop ends a go at once with the best move so far', { timeout: 60_000 }, () => {
  it.each(['master', 'strategist'])('go level=%s for an hour, then stop: bestmove a legal move, and the session goes on', async (level) => {
    const started = Date.now();
    const r = await rolit(['engine'], [FOUR, `go level=${level} ${HOUR}`, 'stop', 'moves', ''].join('\n'));
    expect(Date.now() - started).toBeLessThan(GENEROUS_MS);
    const [ok, best, moves, ...rest] = r.stdout.split('\n');
    expect([ok, moves, rest]).toEqual(['ok', `moves ${START_MOVES.join(' ')}`, ['']]);
    expect(best).toMatch(/^bestmove [a-h][1-8]$/);
    expect(START_MOVES).toContain(best.slice('bestmove '.length));
    expect(r.code).toBe(0);
  });

  it('on worker threads too (setoption threads=2)', async () => {
    const started = Date.now();
    const r = await rolit(['engine'], [FOUR, 'setoption threads=2', `go ${HOUR}`, 'stop', ''].join('\n'));
    expect(Date.now() - started).toBeLessThan(GENEROUS_MS);
    expect(r.stdout).toMatch(new RegExp(`^ok\\nok\\nbestmove (${START_MOVES.join('|')})\\n$`));
    expect(r.code).toBe(0);
  });

  it('quit during a go ends the search: its bestmove, then the engine quits', async () => {
    const r = await rolit(['engine'], [FOUR, `go ${HOUR}`, 'quit', 'hello', ''].join('\n'));
    expect(r.stdout).toMatch(new RegExp(`^ok\\nbestmove (${START_MOVES.join('|')})\\n$`));
    expect(r.code).toBe(0);
  });

  it('commands sent during a go wait for its reply, in order', async () => {
    const r = await rolit(['engine'], [FOUR, `go ${HOUR}`, 'tomove', 'bogus', 'stop', 'score', ''].join('\n'));
    expect(r.stdout.split('\n')).toEqual(['ok', expect.stringMatching(/^bestmove /), 'tomove red', expect.stringMatching(/^error unknown command "bogus"/), 'score red=1 yellow=1 green=1 blue=1', '']);
  });

  it('stop with no search running has no reply; with arguments it is an error', async () => {
    const r = await rolit(['engine'], [FOUR, 'stop', 'tomove', 'stop now', ''].join('\n'));
    expect(r.stdout).toBe('ok\ntomove red\nerror stop takes no arguments\n');
  });

  it('over pipes: the real process answers stop while searching, then quits', async () => {
    const engine = new EngineDriver();
    expect(await engine.ask(FOUR)).toBe('ok');
    engine.send(`go ${HOUR}`);
    engine.send('stop');
    const best = await engine.next();
    expect(START_MOVES.map((m) => `bestmove ${m}`)).toContain(best);
    expect(await engine.ask('tomove')).toBe('tomove red');
    engine.send('quit');
    expect(await engine.exited).toBe(0);
    expect(engine.stderr).toBe('');
  });
});
