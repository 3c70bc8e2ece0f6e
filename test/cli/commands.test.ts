import { describe, expect, it } from 'vitest';
import { rolit, runCli } from './run';
import { solveMaxn } from '../../src/ai/maxnSolver';
import { randomEndgame } from '../../src/ai/tools/solver-bench';
import { Game, MAX_MOVES, moveName } from '../../src/engine/index';

/** The last line of a command's output. */
function lastLine(stdout: string): string {
  return stdout.trimEnd().split('\n').pop()!;
}

describe('solve, three and four players', () => {
  it("prints every legal move with the mover's place and final balls under max^n play after it, the solver's move among the best", async () => {
    const { code, stdout } = await rolit(['solve', '--size', '6', '--colours', 'red,yellow,green,blue', '--random-empties', '7', '--seed', '3']);
    expect(code).toBe(0);
    // The same position: the CLI's game, then its seeded random play.
    const start = new Game({ size: 6, colours: ['red', 'yellow', 'green', 'blue'], players: 4, first: 'red', variant: 'standard', misere: false, seed: 0 }).positionCopy();
    const position = randomEndgame(start, 7, 3, 'random');
    const moves = new Int32Array(MAX_MOVES);
    const n = position.generate(moves);
    const mover = position.toMove; // colour = player here
    const ordinal = ['', '1st', '2nd', '3rd', '4th'];
    const expected = Array.from(moves.subarray(0, n), (move) => {
      const after = position.clone();
      after.make(move);
      const scores = solveMaxn(after).scores;
      const place = 1 + scores.filter((s) => s > scores[mover]).length;
      const shared = scores.filter((s) => s === scores[mover]).length > 1;
      const words = place === 1 ? (shared ? 'shares the win' : 'wins') : shared ? `shares ${ordinal[place]}` : ordinal[place];
      return `  ${moveName(6, move)}: ${words}, ${scores[mover]} balls`;
    });
    const lines = stdout.split('\n');
    const from = lines.findIndex((l) => l.startsWith('each move, '));
    const printed = lines.slice(from + 1, from + 1 + n);
    expect(printed.map((l) => l.replace(' (best)', ''))).toEqual(expected);
    const chosen = stdout.match(/^move: (\S+)$/m)![1];
    expect(printed.find((l) => l.startsWith(`  ${chosen}:`))).toMatch(/\(best\)$/);
  });
});

describe('perft', () => {
  it.each([
    [1, 3],
    [2, 20],
    [3, 136],
    [4, 1366],
    [5, 7427],
  ])('8x8, four players, red first, depth %i: %i leaves (docs/rules.md vectors)', async (depth, leaves) => {
    const { code, stdout, stderr } = await rolit(['perft', String(depth)]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(lastLine(stdout)).toBe(String(leaves));
    expect(stdout).toMatch(new RegExp(`^depth ${depth}: ${leaves} leaves in \\d+\\.\\d ms$`, 'm'));
  });

  it('prints a count and a time for every depth', async () => {
    const { stdout } = await rolit(['perft', '4', '--size', '8', '--colours', 'red,yellow,green,blue', '--first', 'red']);
    const depthLines = stdout.split('\n').filter((l) => l.startsWith('depth '));
    expect(depthLines.map((l) => l.split(' ')[2])).toEqual(['3', '20', '136', '1366']);
  });

  it('takes --size, --colours, --first and --variant pro (the Pro tree has more leaves)', async () => {
    const small = await rolit(['perft', '3', '--size=4', '--colours=red,green', '--first=green']);
    expect(small.code).toBe(0);
    expect(small.stdout.split('\n')[0]).toBe('perft 4x4, colours red,green, green first, standard');
    const standard = await rolit(['perft', '3', '--colours', 'red,yellow']);
    const pro = await rolit(['perft', '3', '--colours', 'red,yellow', '--variant', 'pro']);
    expect(standard.stdout.split('\n')[0]).toBe('perft 8x8, colours red,yellow, red first, standard');
    expect(Number(lastLine(pro.stdout))).toBeGreaterThan(Number(lastLine(standard.stdout)));
  });

  it.each([
    [[], 'missing <depth>'],
    [['x'], '<depth> must be a whole number from 0 to 60, not "x"'],
    [['3', '4'], 'unexpected argument "4"'],
    [['3', '--size', '5'], '--size must be 8, 6, 4, not "5"'],
    [['3', '--size'], '--size needs a value'],
    [['3', '--size', '--first', 'red'], '--size needs a value'],
    [['3', '--size', '8', '--size', '6'], '--size is given twice'],
    [['3', '--colours', 'red,pink'], '--colours: "pink" is not a colour (red, yellow, green, blue)'],
    [['3', '--first', 'blue', '--colours', 'red,green'], 'blue is not in play'],
    [['3', '--size', '4', '--colours', 'red,yellow,green'], 'the 4x4 board is for one or two players'],
    [['2', '--colours', 'red'], 'one colour makes no round (red): solo is red and green, played by one person'],
    [['3', '--variant', 'team'], '--variant must be standard or pro, not "team"'],
    [['3', '--depth', '3'], 'unknown option --depth (options: --size, --colours, --first, --variant)'],
    [['3', '-s', '8'], 'unknown option -s (options: --size, --colours, --first, --variant)'],
  ])('perft %j exits 2: %s', async (args, message) => {
    const { code, stdout, stderr } = await rolit(['perft', ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`rolit perft: ${message}\n`);
    expect(stderr).toContain('usage: npm run rolit -- perft <depth>');
  });
});

describe('bench', () => {
  it('runs for the given seconds; the last line is "<N> playouts/s", moves/s before it', async () => {
    const { code, stdout } = await rolit(['bench', '--seconds', '0.3', '--seed', '3']);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toMatch(/^[1-9]\d* playouts\/s$/);
    expect(lines[lines.length - 2]).toMatch(/^[1-9]\d* moves\/s$/);
    // A four-player 8x8 random game is exactly 60 moves.
    const [, playouts, moves] = /^(\d+) playouts, (\d+) moves in /m.exec(stdout)!;
    expect(Number(moves)).toBe(Number(playouts) * 60);
  });

  it.each([
    [['--seconds', '0'], '--seconds must be a number greater than 0, not "0"'],
    [['--seconds', 'ten'], '--seconds must be a number greater than 0, not "ten"'],
    [['--seed', '-2'], '--seed must be a whole number from 0 to 4294967295, not "-2"'],
    [['--turbo', '2'], 'unknown option --turbo (options: --seconds, --seed, --mcts, --budget, --movetime, --moves, --against, --threads)'],
    [['--threads', '2'], '--threads goes with --mcts'],
    [['--mcts', '--threads', '0'], '--threads must be a whole number from 1 to 16, not "0"'],
    [['5'], 'unexpected argument "5"'],
  ])('bench %j exits 2: %s', async (args, message) => {
    const { code, stderr } = await rolit(['bench', ...args]);
    expect(code).toBe(2);
    expect(stderr).toContain(`rolit bench: ${message}\n`);
  });
});

describe('help and unknown commands', () => {
  it.each(['engine', 'perft', 'bench'])('%s --help exits 0 and prints its usage', async (command) => {
    for (const flag of ['--help', '-h']) {
      const { code, stdout } = await rolit([command, flag]);
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^usage: npm run (--silent )?rolit -- ${command}`));
    }
  });

  it('--help lists the commands (the real process)', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const command of ['engine', 'perft', 'bench']) expect(stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it('no command: a one-line reason, then the usage, on stderr; exit 2', async () => {
    const { code, stdout, stderr } = await rolit([]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe('rolit: no command given');
    expect(stderr).toContain('usage: npm run rolit -- <command> [options]');
  });

  it('an unknown command exits 2 with a message (the real process)', async () => {
    const { code, stdout, stderr } = await runCli(['frobnicate']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('rolit: unknown command "frobnicate"');
  });
});
