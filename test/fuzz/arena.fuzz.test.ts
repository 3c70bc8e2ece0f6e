/**
 * Fuzzing arena entrant specs (--seats): a spec list is refused with a reason or seated, never a
 * crash; every seated entrant (but programs, cmd:, which are not started here) plays a legal move;
 * the command itself refuses bad seats with exit code 2 and `--seats: <reason>`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entrantNames, searcherPlayer, seatError, validateConfig } from '../../src/ai/tools/arena';
import { entrantIterations } from '../../src/ai/tools/entrants';
import { splitSeats } from '../../src/cli/commands/arena';
import { Game, RuleError } from '../../src/engine/index';
import { rolit } from '../cli/run';

const NAME = fc.oneof(
  { arbitrary: fc.constantFrom('master', 'uct', 'master', 'uct', 'tactician', 'greedy', 'paranoid', 'brs'), weight: 4 },
  { arbitrary: fc.constantFrom('random', 'novice', '__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty', 'cmd:', 'cmd:x', 'Master', ''), weight: 1 },
);
const PARAM = fc.oneof(
  { arbitrary: fc.constantFrom('exploration', 'epsilon', 'expandAfter', 'scoreWeight', 'mapOrder', 'solveEndgames', 'rankWeight'), weight: 4 },
  { arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'x'), weight: 1 },
);
const VALUE = fc.constantFrom('0', '1', '-1', '0.5', '2', '1e308', '-1e308', '1e999', 'NaN', 'Infinity', '', 'true', 'false', '0x10', ' 1', '=');
const PART = fc.oneof(
  { arbitrary: fc.tuple(PARAM, VALUE).map(([k, v]) => `${k}=${v}`), weight: 6 },
  { arbitrary: fc.constantFrom('0', '1', '20', '1000000000', '1000000001', '99999999999999999999', '-1', '1.5'), weight: 1 },
  { arbitrary: fc.string({ maxLength: 6 }), weight: 1 },
);
const SPEC = fc.oneof(
  { arbitrary: fc.tuple(NAME, fc.array(PART, { maxLength: 2 }), fc.option(fc.constantFrom('@1', '@2', '@0', '@17', '@', '@x', '@99999999999999999999'), { freq: 6 })).map(([n, parts, at]) => [n, ...parts].join(':') + (at ?? '')), weight: 5 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
);
const SEATS = fc.array(SPEC, { minLength: 0, maxLength: 5 }).map((specs) => specs.join(','));

/** A 4x4 round: searches that finish in a few iterations. */
const newRound = () => new Game({ size: 4, players: 2, seed: 5 });

describe('arena entrant specs fuzz', () => {
  it('one spec is refused with a reason, or its entrant plays a legal move', () => {
    let played = 0;
    fc.assert(
      fc.property(SPEC, (spec) => {
        const problem = seatError(spec);
        if (problem !== null) {
          expect(problem.trim()).not.toBe('');
          return;
        }
        // Programs are not started here; a spec's own iteration budget overrides ours, so only small ones are played.
        if (spec.startsWith('cmd:') || spec.includes('@') || (entrantIterations(spec) ?? 0) > 1000) return;
        const game = newRound();
        const move = searcherPlayer(spec).choose({ game, seed: 1, iterations: 10 }) as string;
        expect(game.check(move).ok).toBe(true);
        played++;
      }),
      { numRuns: 400, seed: 2025 },
    );
    // Not a property that holds by refusing everything.
    expect(played).toBeGreaterThan(10);
  });

  it('a seats list is refused with a reason or seated under distinct names', () => {
    fc.assert(
      fc.property(SEATS, (text) => {
        const seats = splitSeats(text);
        const problems = seats.map(seatError);
        if (problems.some((p) => p !== null)) return;
        try {
          validateConfig({ seats, games: 1, iterations: 10, size: 4, seed: 1, variant: 'standard', misere: false });
        } catch (e) {
          expect(e).toBeInstanceOf(RuleError);
          expect((e as Error).message.trim()).not.toBe('');
          return;
        }
        const names = entrantNames(seats);
        expect(new Set(names).size).toBe(names.length);
      }),
      { numRuns: 400, seed: 2025 },
    );
  });

  it('the command refuses bad seats with exit code 2 and --seats: <reason>, and starts nothing', async () => {
    await fc.assert(
      fc.asyncProperty(SEATS.filter((t) => t.trim() !== ''), async (text) => {
        // --variant none is refused after the seats: a spec list that passes never starts games.
        const r = await rolit(['arena', '--seats', text, '--variant', 'none']);
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        const bad = splitSeats(text).map(seatError).find((p) => p !== null);
        expect(r.stderr.split('\n')[0]).toEqual(bad ? `rolit arena: --seats: ${bad}` : expect.stringContaining('--variant'));
      }),
      { numRuns: 100, seed: 2025 },
    );
  });
});
