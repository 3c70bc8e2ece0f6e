import { describe, expect, it } from 'vitest';
import { EngineDriver, rolit, runNpm } from './run';

const FOUR = 'newgame size=8 colours=red,yellow,green,blue first=red';

/** Every line a protocol reply can be (docs/protocol.md's reply column). */
const REPLY =
  /^(rolit \S.*|ok|ok (red|yellow|green|blue) [a-h][1-8](\+[a-h][1-8])? captures( [a-h][1-8])*|error \S.*|moves( [a-h][1-8](\+[a-h][1-8])?)*|tomove (red|yellow|green|blue|none)|[RYGB.]{4,8}|end|score( (red|yellow|green|blue)=\d+)+|bestmove [a-h][1-8](\+[a-h][1-8])?)$/;

describe('rolit engine', () => {
  it('answers line by line over pipes, survives malformed lines, and exits 0 on quit (the real process)', async () => {
    const engine = new EngineDriver();
    expect(await engine.ask('hello')).toMatch(/^rolit Rolit 3D /);
    expect(await engine.ask('moves')).toBe('error no game: send newgame first');
    expect(await engine.ask(FOUR)).toBe('ok');
    expect(await engine.ask('moves')).toBe('moves f4 d6 f6');
    expect(await engine.ask('play zz')).toBe('error "zz" is not a square of the 8x8 board');
    expect(await engine.ask('play c3')).toBe('error you must capture: f4, d6 and f6 capture');
    expect(await engine.ask('\u0000\u00ff garbage ===')).toMatch(/^error unknown command/);
    expect(await engine.ask('newgame size=8')).toBe('error newgame: colours= is required');
    engine.send('');
    expect(await engine.ask('play f4')).toBe('ok red f4 captures e4');
    expect(await engine.ask('tomove')).toBe('tomove yellow');
    engine.send('board');
    const board = [];
    for (let i = 0; i < 9; i++) board.push(await engine.next());
    expect(board).toEqual(['........', '........', '........', '...RRR..', '...BG...', '........', '........', '........', 'end']);
    const [, move] = (await engine.ask('go level=greedy'))!.split(' ');
    expect((await engine.ask('moves'))!.split(' ')).toContain(move);
    expect(await engine.ask('score')).toBe('score red=3 yellow=0 green=1 blue=1');
    expect(await engine.ask('undo')).toBe('ok');
    expect(await engine.ask('tomove')).toBe('tomove red');
    engine.send('quit');
    engine.send('hello'); // after quit: never answered
    expect(await engine.next()).toBeNull();
    expect(await engine.exited).toBe(0);
    expect(engine.stderr).toBe('');
  });

  it('exits 0 at the end of input, after answering everything sent', async () => {
    const { code, stdout, stderr } = await rolit(['engine'], `${FOUR}\nmoves\nplay f4\ntomove`);
    expect(code).toBe(0);
    expect(stdout).toBe('ok\nmoves f4 d6 f6\nok red f4 captures e4\ntomove yellow\n');
    expect(stderr).toBe('');
  });

  it('a lone CR ends a line, as LF and CRLF do', async () => {
    const { code, stdout } = await rolit(['engine'], `${FOUR}\rmoves\r\nplay f4\ntomove\r`);
    expect(code).toBe(0);
    expect(stdout).toBe('ok\nmoves f4 d6 f6\nok red f4 captures e4\ntomove yellow\n');
  });

  it('keeps replies in order when many commands (with go) arrive at once', async () => {
    const input = [FOUR, ...Array.from({ length: 200 }, (_, i) => (i % 10 === 0 ? 'go level=beginner' : i % 2 ? 'moves' : 'tomove'))].join('\n');
    const { code, stdout } = await rolit(['engine'], `${input}\n`);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(201);
    lines.slice(1).forEach((line, i) => {
      const expected = i % 10 === 0 ? /^bestmove (f4|d6|f6)$/ : i % 2 ? /^moves f4 d6 f6$/ : /^tomove red$/;
      expect(line).toMatch(expected);
    });
  });

  it('delivers long output complete and in order', async () => {
    const { code, stdout } = await rolit(['engine'], `${FOUR}\n${'board\nscore\n'.repeat(3000)}`);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1 + 3000 * 10);
    for (let i = 0; i < 3000; i++) {
      expect(lines[1 + i * 10 + 8]).toBe('end');
      expect(lines[1 + i * 10 + 9]).toBe('score red=1 yellow=1 green=1 blue=1');
    }
  });

  it('with npm run --silent, stdout holds nothing but protocol lines (the real process)', async () => {
    const input = ['hello', 'bogus', FOUR, 'moves', 'board', 'play f4', 'play f4', 'go level=tactician', 'score', 'undo', 'tomove', 'quit'].join('\n');
    const { code, stdout } = await runNpm(['engine'], `${input}\n`);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines.pop()).toBe(''); // ends with a newline
    expect(lines).toHaveLength(19);
    for (const line of lines) expect(line).toMatch(REPLY);
    expect(lines[1]).toBe('error unknown command "bogus" (commands: hello, newgame, moves, play, tomove, board, score, go, stop, setoption, undo, quit)');
    expect(lines[3]).toBe('moves f4 d6 f6');
    expect(lines.slice(13)).toEqual(['ok red f4 captures e4', 'error f4 is occupied', expect.stringMatching(/^bestmove /), 'score red=3 yellow=0 green=1 blue=1', 'ok', 'tomove red']);
  });

  it('refuses options with exit code 2', async () => {
    const { code, stdout, stderr } = await rolit(['engine', '--fast']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('unknown option --fast (this command takes no options)');
  });
});
