/**
 * Names that cannot pass for another (src/wire/names.ts): NFKC, Unicode's mixed-script rule at
 * UTS #39's highly restrictive level, and no name that reads as a computer's seat in any of the
 * page's languages, whose words are the locales' own.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { LEVELS } from '../../src/engine';
import { COMPUTER_WORDS, LEVEL_WORDS, mixedScripts, nameProblem, normalName, readsAsComputer, scriptName } from '../../src/wire/names';

const LANGUAGES = ['en', 'fr', 'de', 'nl', 'it'];
const locale = (lng: string, ns: string) => JSON.parse(readFileSync(`src/i18n/locales/${lng}/${ns}.json`, 'utf8'));

it('knows the words of a computer seat in every language of the page', () => {
  for (const lng of LANGUAGES) {
    const levels = locale(lng, 'hud').level as Record<string, string>;
    for (const level of LEVELS) expect(LEVEL_WORDS, `${lng} ${level}`).toContain(levels[level].toLowerCase());
    // The profile's name of a computer seat: "computer (master)", "ordinateur (maître)".
    const seat = (locale(lng, 'profile').computerSeat as string).replace('{{level}}', levels.master).toLowerCase();
    expect(COMPUTER_WORDS.some((word) => seat.includes(word)), seat).toBe(true);
    expect(readsAsComputer(seat), seat).toBe(true);
    // The page's default names of computer seats: "Master 2".
    expect(readsAsComputer(`${levels.master} 2`)).toBe(true);
  }
});

it('refuses the names of the issue and their disguises, and lets people be called what people are called', () => {
  const refused: [string, string][] = [
    ['computer (master)', 'computerSeat'], ['COMPUTER  ( MASTER )', 'computerSeat'], ['c0mputer', 'computerSeat'], ['Débutant 3', 'computerSeat'],
    ['M\u0430in', 'mixedScripts'], ['Ivan Иван', 'mixedScripts'], ['p\u0430ypal', 'mixedScripts'],
    ['', 'empty'], ['x'.repeat(25), 'tooLong'], ['Ann\u200b', 'control'], ['\u202eAnn', 'control'],
  ];
  for (const [name, code] of refused) expect(nameProblem(normalName(name))?.code, name).toBe(code);
  expect(mixedScripts('M\u0430in')).toEqual(['Latn', 'Cyrl']);
  expect(scriptName('Cyrl', 'en')).toBe('Cyrillic');
  // A fullwidth name, ligatures and circled letters are folded by NFKC, then accepted.
  expect(normalName('\uFF2Dain')).toBe('Main');
  expect(normalName(' \uFB01ona ')).toBe('fiona');
  for (const name of ['Main', 'Master', 'Anne-Marie', 'Zoë', 'Иван', 'Ολυμπία', '山田 太郎', 'Tanaka 田中', 'Tanaka たなか', '김민수', 'بلال', '🙂 Ann', 'Ann 2', 'Greedy Gus']) {
    expect(nameProblem(normalName(name)), name).toBeNull();
  }
});
