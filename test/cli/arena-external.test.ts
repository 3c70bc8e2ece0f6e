import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ArenaConfig, searcherPlayer, playArenaGame } from '../../src/ai/tools/arena';
import { ExternalPlayer } from '../../src/ai/tools/external-player';
import { ROOT, rolit } from './run';

describe('arena entrants named like built-ins of objects', () => {
  it.each(['__proto__', 'valueOf', 'constructor', 'toString'])('--seats %s,greedy is refused with the reason, exit code 2', async (name) => {
    const r = await rolit(['arena', '--seats', `${name},greedy`, '--games', '2', '--iterations', '10', '--size', '4']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`rolit arena: --seats: "${name}" is neither a level`);
    expect(r.code).toBe(2);
  });

  it.each(['__proto__', 'valueOf', 'constructor', 'toString'])('ladder --entrants beginner,%s and arena --gauntlet with it are refused too', async (name) => {
    const ladder = await rolit(['ladder', '--entrants', `beginner,${name}`, '--games', '2']);
    expect(ladder.stderr).toContain(`rolit ladder: --entrants: "${name}" is neither a level`);
    expect(ladder.code).toBe(2);
    const gauntlet = await rolit(['arena', '--gauntlet', name, '--pool', 'greedy', '--games', '2', '--iterations', '10']);
    expect(gauntlet.stderr).toContain(`rolit arena: "${name}" is neither a level`);
    expect(gauntlet.code).toBe(2);
  });
});

/** issue 7: broken external programs lose their game with a one-line reason; the arena goes on. */
describe('arena with a broken external program', () => {
  const cases: [string, RegExp][] = [
    // Exits after one line: writing the next command used to die on an unhandled EPIPE.
    ['echo hello', /game 1 lost by echo hello: "echo hello" answered "newgame .*" with "hello", expected "ok"/],
    ['/nonexistent/program', /game 1 lost by \/nonexistent\/program: "\/nonexistent\/program" exited with code 127 with no reply to "newgame .*not found/],
    ['cat', /game 1 lost by cat: "cat" answered "newgame .*" with "newgame .*", expected "ok"/],
    // An endless line: kept whole, it grew until V8's string limit crashed the arena with a RangeError.
    ['cat /dev/zero', /game 1 lost by cat \/dev\/zero: "cat \/dev\/zero" answered "newgame .*" out of protocol: its output's line 1 is longer than 65536 bytes, the protocol's limit for a line/],
  ];
  for (const [command, reason] of cases) {
    it(`cmd:${command} loses by forfeit, no stack trace`, async () => {
      const r = await rolit(['arena', '--seats', `cmd:${command},greedy`, '--games', '2', '--movetime', '5', '--size', '4']);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stderr).not.toMatch(/EPIPE|Error:/);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(reason);
      expect(r.stdout).toMatch(/game 2 lost by /);
      const row = r.stdout.split('\n').find((l) => l.startsWith('greedy'))!;
      expect(row).toMatch(/^greedy\s+2\s+100\.0%/);
    }, 30000);
  }

  it('a silent program loses when its reply is late', async () => {
    const config: ArenaConfig = { seats: ['cmd:sleep 30', 'greedy'], games: 1, movetime: 5, size: 4, seed: 1, variant: 'standard', misere: false };
    const silent = new ExternalPlayer('sleep 30', 200);
    try {
      const record = await playArenaGame(config, 0, [silent, searcherPlayer('greedy')]);
      expect(record.forfeit).toEqual({ entrant: 0, reason: expect.stringMatching(/"sleep 30" did not answer "newgame .*" within 200 ms/) });
      expect(record.shares).toEqual([0, 1]);
    } finally {
      await silent.close();
    }
  });

  it('a program that answers an illegal move loses that game', async () => {
    // Answers every command "ok ..." and every go with a move that is never legal at the start.
    const script = `while read line; do case "$line" in go*) echo "bestmove a1";; newgame*) echo ok;; quit) exit 0;; *) echo "ok x";; esac; done`;
    const config: ArenaConfig = { seats: [`cmd:${script}`, 'greedy'], games: 2, movetime: 5, size: 4, seed: 1, variant: 'standard', misere: false };
    const program = new ExternalPlayer(script, 2000);
    try {
      for (const index of [0, 1]) {
        const record = await playArenaGame(config, index, [program, searcherPlayer('greedy')]);
        expect(record.forfeit?.entrant).toBe(0);
        expect(record.forfeit?.reason).toMatch(/^played an illegal move "a1": /);
      }
    } finally {
      await program.close();
    }
  });
});

/** Whether process `pid` is alive (a zombie waiting for its parent to reap it counts as gone). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Whether process `pid` ends within five seconds: a SIGKILL takes effect when the process is
 * next scheduled, which on a busy machine can be after the arena has exited.
 */
async function ends(pid: number): Promise<boolean> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !alive(pid);
}

/** Waits until `file` holds a process id, and returns it. */
async function pidIn(file: string): Promise<number> {
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
    if (/^\d+$/.test(text)) return Number(text);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** issue 25: what an external program starts ends with the arena. */
describe("an external program's process group", { timeout: 60_000 }, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rolit-arena-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A program that starts a `sleep` (its pid in `file`), keeping the output pipe, then plays through the real engine. */
  function engineStartingSleep(file: string): string {
    return `cmd:sleep 300 & echo $! > ${file}; exec ${process.execPath} --import tsx src/cli/main.ts engine`;
  }

  it('a lasting child of the program is gone when the arena ends', async () => {
    // Answers every command until quit, after starting a sleep that would outlive it.
    const file = join(dir, 'sleep.pid');
    const script = `sleep 300 & echo $! > ${file}; while read line; do case "$line" in go*) echo "bestmove a1";; newgame*) echo ok;; quit) exit 0;; *) echo "ok x";; esac; done`;
    const r = await rolit(['arena', '--seats', `cmd:${script},greedy`, '--games', '2', '--movetime', '5', '--size', '4']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/game 2 lost by /);
    expect(await ends(await pidIn(file))).toBe(true);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('the arena stopped by %s takes the program and its child with it', async (signal) => {
    const file = join(dir, 'sleep.pid');
    const arena = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'arena', '--seats', `${engineStartingSleep(file)},greedy`, '--games', '1000', '--movetime', '20', '--size', '4'], { cwd: ROOT, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => arena.on('exit', (_code, s) => resolve(s)));
    const sleep = await pidIn(file);
    expect(alive(sleep)).toBe(true);
    arena.kill(signal);
    expect(await exited).toBe(signal);
    expect(await ends(sleep)).toBe(true);
  });

  it('with --parallel 2, programs started by worker threads end with the arena too', async () => {
    const file = join(dir, 'sleep.pid');
    const arena = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'arena', '--seats', `${engineStartingSleep(file)},greedy`, '--games', '1000', '--movetime', '20', '--size', '4', '--parallel', '2'], { cwd: ROOT, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => arena.on('exit', (_code, s) => resolve(s)));
    const sleep = await pidIn(file);
    arena.kill('SIGTERM');
    expect(await exited).toBe('SIGTERM');
    expect(await ends(sleep)).toBe(true);
  });
});
