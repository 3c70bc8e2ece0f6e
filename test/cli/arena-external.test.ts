import { describe, expect, it } from 'vitest';
import { type ArenaConfig, searcherPlayer, playArenaGame } from '../../src/ai/tools/arena';
import { ExternalPlayer } from '../../src/ai/tools/external-player';
import { rolit } from './run';

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
