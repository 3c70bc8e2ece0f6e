/** What a seat row says plays it: a computer whose worker failed names the stand-in that plays for it. */
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/i18n/index';
import { seatKind } from '../../src/ui/hud/hudTexts';

afterEach(() => setLanguage('en'));

describe('seat words', () => {
  it('a computer seat says its level, or the stand-in playing in its place', () => {
    expect(seatKind({ kind: 'computer', level: 'master' }, null)).toBe('computer · master');
    expect(seatKind({ kind: 'computer', level: 'master' }, 'tactician')).toBe('computer · tactician in place of master');
    // The stand-in's own level plays as it did.
    expect(seatKind({ kind: 'computer', level: 'tactician' }, 'tactician')).toBe('computer · tactician');
    // A person's seat is the person's.
    expect(seatKind({ kind: 'human', level: undefined }, 'tactician')).toBe('human');
    expect(seatKind({ kind: 'human', level: 'master' }, 'tactician')).toBe('you, for computer · master');
  });

  it('in each language the stand-in and the seat\'s level are both named', () => {
    const said = (['fr', 'de', 'nl', 'it'] as const).map((language) => {
      setLanguage(language);
      return seatKind({ kind: 'computer', level: 'master' }, 'beginner');
    });
    expect(said).toEqual(['ordinateur · débutant à la place de maître', 'Computer · Anfänger statt Meister', 'computer · beginner in plaats van meester', 'computer · principiante al posto di maestro']);
  });
});
