import { describe, expect, it } from 'vitest';
import { describeProblem, parseSpeed, parseUrlParams } from '../../src/app/setup/url';
import { setLanguage } from '../../src/i18n/index';

const LEVELS = ['beginner', 'greedy', 'master'];
const parse = (search: string) => parseUrlParams(search, LEVELS, 'master');

describe('URL parameters: good values', () => {
  it('empty URL: no options, no problems', () => {
    expect(parse('')).toEqual({ options: {}, problems: [] });
  });

  it('parses every parameter', () => {
    const { options, problems } = parse('?seats=human,ai,ai:greedy,AI:beginner&size=6&seed=42&speed=0.5&variant=pro&misere=on&hints=off');
    expect(problems).toEqual([]);
    expect(options).toEqual({
      seats: [{ kind: 'human' }, { kind: 'computer', level: 'master' }, { kind: 'computer', level: 'greedy' }, { kind: 'computer', level: 'beginner' }],
      size: 6,
      seed: 42,
      speed: 0.5,
      variant: 'pro',
      misere: true,
      socketDots: false,
    });
  });

  it('speed: instant, bounds, an x suffix', () => {
    expect(parseSpeed('instant')).toBe(Infinity);
    expect(parseSpeed('0.25')).toBe(0.25);
    expect(parseSpeed('8')).toBe(8);
    expect(parseSpeed('2x')).toBe(2);
    expect(parseSpeed('.5')).toBe(0.5);
    expect(parseSpeed('0.2')).toBeUndefined();
    expect(parseSpeed('9')).toBeUndefined();
    expect(parseSpeed('fast')).toBeUndefined();
    expect(parseSpeed('')).toBeUndefined();
  });

  it('one seat, team for two, 4x4 for two, seed bounds', () => {
    expect(parse('seats=human').options.seats).toEqual([{ kind: 'human' }]);
    expect(parse('seats=human,ai&variant=team').options.variant).toBe('team');
    expect(parse('variant=team').problems).toEqual([]); // default seats for team are two
    expect(parse('size=4').problems).toEqual([]);
    expect(parse('seats=ai,ai&size=4').options.size).toBe(4);
    expect(parse('seed=0').options.seed).toBe(0);
    expect(parse('seed=4294967295').options.seed).toBe(4294967295);
    expect(parse('variant=standard')).toEqual({ options: {}, problems: [] });
  });
});

describe('URL parameters: bad values give a problem each and keep the rest', () => {
  it.each([
    ['seats=human,robot', 'seats', 'human,robot', /"robot" is neither/],
    ['seats=ai:grandmaster', 'seats', 'ai:grandmaster', /"grandmaster" is not a computer level \(levels: beginner, greedy, master\)/],
    ['seats=human,ai,ai,ai,ai', 'seats', 'human,ai,ai,ai,ai', /1 to 4 comma-separated seats, not 5/],
    ['size=5', 'size', '5', /8, 6 or 4/],
    ['seed=-1', 'seed', '-1', /whole number from 0 to 4294967295/],
    ['seed=4294967296', 'seed', '4294967296', /whole number/],
    ['seed=1.5', 'seed', '1.5', /whole number/],
    ['speed=100', 'speed', '100', /0.25 to 8, or instant/],
    ['speed=abc', 'speed', 'abc', /0.25 to 8, or instant/],
    ['variant=chaos', 'variant', 'chaos', /pro, team or standard/],
    ['misere=maybe', 'misere', 'maybe', /on or off/],
    ['hints=2', 'hints', '2', /on or off/],
    ['colour=red', 'colour', 'red', /not a parameter; known: seats, size/],
    ['seats=human,ai,ai&size=4', 'size', '4', /4x4 board is for one or two players, and there are 3/],
    ['seats=human,ai,ai&variant=team', 'variant', 'team', /two players, and seats lists 3/],
  ])('%s', (search, parameter, value, allowed) => {
    const extra = parameter === 'seed' ? 'hints=on' : 'seed=7';
    const { options, problems } = parse(`${search}&${extra}`);
    expect(problems).toHaveLength(1);
    expect(problems[0].parameter).toBe(parameter);
    expect(problems[0].value).toBe(value);
    expect(describeProblem(problems[0])).toContain(`${parameter}=${value}: `);
    expect(describeProblem(problems[0])).toMatch(allowed);
    // The bad value is dropped, the good one stays.
    // (The `hints` parameter sets the socketDots option.)
    expect((options as Record<string, unknown>)[parameter === 'hints' ? 'socketDots' : parameter]).toBeUndefined();
    if (parameter === 'seed') expect(options.socketDots).toBe(true);
    else expect(options.seed).toBe(7);
  });

  it('each problem is worded in the page language: French, with French numbers, no English left', () => {
    const searches = ['seats=human,robot', 'seats=ai:grandmaster', 'seats=human,ai,ai,ai,ai', 'size=5', 'seed=-1', 'speed=100', 'variant=chaos', 'misere=maybe', 'colour=red', 'size=6&size=4', 'seats=human,ai,ai&size=4', 'seats=human,ai,ai&variant=team'];
    const english = searches.map((search) => describeProblem(parse(search).problems[0]));
    setLanguage('fr');
    try {
      const french = searches.map((search) => describeProblem(parse(search).problems[0]));
      french.forEach((text, i) => {
        expect(text, searches[i]).not.toBe(english[i]);
        expect(text, searches[i]).not.toMatch(/⟦| and | or | not |known|players|board|whole number|seats lists|there are/);
      });
      expect(french[5]).toBe('speed=100: un multiplicateur de 0,25 à 8, ou instant');
      expect(french[10]).toBe('size=4: le plateau 4x4 se joue à un ou deux, et il y en a 3');
    } finally {
      setLanguage('en');
    }
  });

  it('several problems are all listed', () => {
    const { options, problems } = parse('size=9&speed=0&seats=human');
    expect(problems.map((p) => p.parameter)).toEqual(['size', 'speed']);
    expect(options).toEqual({ seats: [{ kind: 'human' }] });
  });

  it('a repeated parameter is reported and the first value used', () => {
    const { options, problems } = parse('size=6&size=4');
    expect(options.size).toBe(6);
    expect(problems).toEqual([{ parameter: 'size', value: '6, 4', code: 'repeated', params: {} }]);
    expect(describeProblem(problems[0])).toBe('size=6, 4: the parameter once (the first value is used)');
  });
});
