/**
 * Fuzzing the page's URL parameters (src/app/setup/url.ts): whatever the query string, the parser
 * returns; every parameter given is either taken or listed as a problem with a worded reason, and
 * what it takes is a game the rules allow.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultPlayerCount, describeProblem, parseUrlParams } from '../../src/app/setup/url';
import { setupRefusal } from '../../src/engine/index';
import { setLanguage } from '../../src/i18n/index';

const LEVELS = ['beginner', 'greedy', 'master'];
const NAMES = ['seats', 'size', 'seed', 'speed', 'variant', 'misere', 'hints', 'unknown', '__proto__', 'constructor', 'Size', ''];

const value = fc.oneof(
  fc.constantFrom('human,ai,ai,ai', 'human', 'ai:greedy,ai:master', 'AI:Beginner,human', 'human,human,human,human,human', 'ai:__proto__,human', ',', ''),
  fc.constantFrom('8', '6', '4', '5', '08', '-1', '4294967295', '4294967296', '1e3', '0x10', 'NaN', 'Infinity'),
  fc.constantFrom('0.25', '8x', 'instant', '.5', '0', '9', 'pro', 'team', 'standard', 'TEAM', 'on', 'off', 'yes', '1', 'maybe'),
  fc.string({ maxLength: 10 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);

/** A query string: name=value pairs, encoded or raw (so that malformed escapes like %zz occur too). */
const search = fc
  .tuple(fc.array(fc.tuple(fc.constantFrom(...NAMES), value, fc.boolean()), { maxLength: 7 }), fc.boolean())
  .map(([pairs, mark]) => (mark ? '?' : '') + pairs.map(([n, v, raw]) => `${n}=${raw ? v : encodeURIComponent(v)}`).join('&'));

describe('URL parameters fuzz', () => {
  beforeAll(() => setLanguage('en'));

  it('never throws; each parameter is taken or listed; what is taken is a game the rules allow', () => {
    fc.assert(
      fc.property(fc.oneof(search, fc.string({ maxLength: 40 })), (query) => {
        const { options, problems } = parseUrlParams(query, LEVELS, 'master');
        const given = new URLSearchParams(query);
        for (const p of problems) {
          const text = describeProblem(p);
          expect(text.startsWith(`${p.parameter}=`)).toBe(true);
          expect(text).not.toMatch(/messages:|url\.\w+$|\{\{/);
          expect(text.length).toBeGreaterThan(`${p.parameter}=${p.value}: `.length);
        }
        const listed = new Set(problems.map((p) => p.parameter));
        const taken: Record<string, unknown> = { seats: options.seats, size: options.size, seed: options.seed, speed: options.speed, variant: options.variant, misere: options.misere, hints: options.socketDots };
        for (const name of new Set(given.keys())) {
          const value = given.get(name)!;
          // variant=standard is the default: taken by leaving it out.
          const isDefault = name === 'variant' && value.toLowerCase() === 'standard';
          if (!Object.hasOwn(taken, name) || given.getAll(name).length > 1) expect(listed.has(name)).toBe(true);
          else expect(taken[name] !== undefined || isDefault || listed.has(name)).toBe(true);
        }
        const players = options.seats?.length ?? defaultPlayerCount(options);
        expect(setupRefusal({ size: options.size, variant: options.variant, players })).toBeNull();
      }),
      { numRuns: 1000, seed: 2025 },
    );
  });
});
