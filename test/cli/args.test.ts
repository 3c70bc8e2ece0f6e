import { describe, expect, it } from 'vitest';
import {
  parseBoardSize, parseChoice, parseColour, parseColours, parseCommandLine, parsePositiveNumber, parseWholeNumber,
} from '../../src/cli/args';
import { UsageError } from '../../src/cli/command';

const SPEC = { size: 'string', quiet: 'boolean' } as const;

function usageError(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseCommandLine', () => {
  it('reads values, flags and positionals in any order', () => {
    expect(parseCommandLine(['5', '--size', '6', '--quiet'], SPEC, ['depth'])).toEqual({ options: { size: '6', quiet: true }, positionals: ['5'] });
    expect(parseCommandLine(['--size=4', '5'], SPEC, ['depth'])).toEqual({ options: { size: '4' }, positionals: ['5'] });
    expect(parseCommandLine([], SPEC, [], ['file'])).toEqual({ options: {}, positionals: [] });
    expect(parseCommandLine(['--', '--size'], SPEC, ['name'])).toEqual({ options: {}, positionals: ['--size'] });
  });

  it('takes a value that looks like a negative number, to be judged by the value parser', () => {
    expect(parseCommandLine(['--size', '-1'], SPEC).options.size).toBe('-1');
  });

  it.each([
    [['--colour', 'red'], 'unknown option --colour (options: --size, --quiet)'],
    [['-q'], 'unknown option -q (options: --size, --quiet)'],
    [['--size'], '--size needs a value'],
    [['--size', '--quiet'], '--size needs a value'],
    [['--quiet=yes'], '--quiet is a flag and takes no value'],
    [['--quiet', '--quiet'], '--quiet is given twice'],
    [['1', '2'], 'unexpected argument "2"'],
  ])('%j: %s', (args, message) => {
    expect(usageError(() => parseCommandLine(args, SPEC, [], ['depth']))).toBe(message);
  });

  it('names a missing positional, and says when there are no options at all', () => {
    expect(usageError(() => parseCommandLine([], SPEC, ['depth']))).toBe('missing <depth>');
    expect(usageError(() => parseCommandLine(['--x'], {}))).toBe('unknown option --x (this command takes no options)');
  });
});

describe('value parsers', () => {
  it('accept good values', () => {
    expect(parseBoardSize('6', '--size')).toBe(6);
    expect(parseWholeNumber('0', 'n', 0, 3)).toBe(0);
    expect(parseWholeNumber('4294967295', 'seed', 0, 0xffffffff)).toBe(0xffffffff);
    expect(parsePositiveNumber('0.5', '--seconds')).toBe(0.5);
    expect(parsePositiveNumber('.5', '--seconds')).toBe(0.5);
    expect(parseColour('blue', '--first')).toBe('blue');
    expect(parseColours('red,yellow,green', '--colours')).toEqual(['red', 'yellow', 'green']);
    expect(parseColours('red, green', '--colours')).toEqual(['red', 'green']);
    expect(parseChoice('pro', '--variant', ['standard', 'pro'])).toBe('pro');
  });

  it.each([
    [() => parseBoardSize('7', '--size'), '--size must be 8, 6, 4, not "7"'],
    [() => parseBoardSize('08', '--size'), '--size must be 8, 6, 4, not "08"'],
    [() => parseWholeNumber('1.5', 'n', 0, 3), 'n must be a whole number from 0 to 3, not "1.5"'],
    [() => parseWholeNumber('4', 'n', 0, 3), 'n must be a whole number from 0 to 3, not "4"'],
    [() => parseWholeNumber('', 'n', 0, 3), 'n must be a whole number from 0 to 3, not ""'],
    [() => parsePositiveNumber('-1', '--seconds'), '--seconds must be a number greater than 0, not "-1"'],
    [() => parsePositiveNumber('1e3', '--seconds'), '--seconds must be a number greater than 0, not "1e3"'],
    [() => parsePositiveNumber('0x10', '--seconds'), '--seconds must be a number greater than 0, not "0x10"'],
    [() => parseWholeNumber('0x10', 'n', 0, 100), 'n must be a whole number from 0 to 100, not "0x10"'],
    [() => parseWholeNumber('1e2', 'n', 0, 100), 'n must be a whole number from 0 to 100, not "1e2"'],
    [() => parseColour('rouge', '--first'), '--first must be a colour (red, yellow, green, blue), not "rouge"'],
    [() => parseColours('red,,green', '--colours'), '--colours: "" is not a colour (red, yellow, green, blue)'],
    [() => parseColours('blue,red', '--colours'), '--colours must list the colours in seat order (clockwise: red, yellow, green, blue): red,blue, not blue,red'],
    [() => parseChoice('x', '--variant', ['standard', 'pro']), '--variant must be standard or pro, not "x"'],
  ])('%#: %s', (f, message) => {
    expect(usageError(f)).toBe(message);
  });

  it('a number of more digits than a double holds is refused, not read as Infinity', () => {
    expect(usageError(() => parsePositiveNumber('9'.repeat(400), '--seconds'))).toMatch(/^--seconds must be a number greater than 0, not "9+/);
  });
});
