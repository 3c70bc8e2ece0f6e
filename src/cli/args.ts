/**
 * The command-line option parser shared by the CLI commands, and the parsers of the values they
 * have in common (board size, colours, numbers). Everything wrong with a command line becomes a
 * UsageError that says what and where; main.ts prints it with the command's help and exits 2.
 *
 * Usage:
 *   const { options, positionals } = parseCommandLine(args, { size: 'string', quiet: 'boolean' }, ['depth']);
 *   const size = options.size === undefined ? 8 : parseBoardSize(options.size, '--size');
 *
 * Options are long only: `--size 8` or `--size=8`; flags take no value (`--quiet`). Each option
 * may be given once. `--` ends the options. --help is handled by main.ts before the command runs.
 */
import { parseArgs } from 'node:util';
import { BOARD_SIZES, type BoardSize, type Colour, COLOURS, decimalOf, excerpt, isBoardSize, isColour, parseColourList, quote, seedTextProblem, wholeNumberOf } from '../engine/index';
import { UsageError } from './command';

/** 'string' options take a value, 'boolean' ones are flags. */
export type OptionKind = 'string' | 'boolean';

export type ParsedOptions<S extends Record<string, OptionKind>> = {
  [K in keyof S]?: S[K] extends 'string' ? string : true;
};

/**
 * Parses `args` against the option kinds in `spec`. `required` names the positional arguments
 * that must be present (in order, for the messages); `optional` the ones that may follow.
 */
export function parseCommandLine<S extends Record<string, OptionKind>>(
  args: string[],
  spec: S,
  required: string[] = [],
  optional: string[] = [],
): { options: ParsedOptions<S>; positionals: string[] } {
  const known = Object.keys(spec);
  // Non-strict parseArgs only tokenises; the checks below give our own messages.
  const { tokens } = parseArgs({
    args,
    options: Object.fromEntries(known.map((name) => [name, { type: spec[name] }])),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const options: Record<string, string | true> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const { name, rawName, value, inlineValue } = token;
    if (!rawName.startsWith('--') || !Object.hasOwn(spec, name)) {
      const list = known.length ? `options: ${known.map((n) => `--${n}`).join(', ')}` : 'this command takes no options';
      throw new UsageError(`unknown option ${rawName} (${list})`);
    }
    if (Object.hasOwn(options, name)) throw new UsageError(`--${name} is given twice`);
    if (spec[name] === 'boolean') {
      if (inlineValue) throw new UsageError(`--${name} is a flag and takes no value`);
      options[name] = true;
    } else {
      // A following option word is a forgotten value, not the value (`--size --first red`).
      if (value === undefined || (!inlineValue && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
      options[name] = value;
    }
  }
  if (positionals.length < required.length) throw new UsageError(`missing <${required[positionals.length]}>`);
  if (positionals.length > required.length + optional.length) {
    throw new UsageError(`unexpected argument ${quote(positionals[required.length + optional.length])}`);
  }
  return { options: options as ParsedOptions<S>, positionals };
}

// Value parsers. `label` names the value in the message: '--size' on the command line, 'size'
// in a protocol command.

/** A whole number from min to max. */
export function parseWholeNumber(text: string, label: string, min: number, max: number): number {
  const n = wholeNumberOf(text);
  if (!(n >= min && n <= max)) throw new UsageError(`${label} must be a whole number from ${min} to ${max}, not ${quote(text)}`);
  return n;
}

/** A seed, checked by the engine's one seed check; `label` (like --seed) starts the message if given. */
export function parseSeed(text: string, label?: string): number {
  const problem = seedTextProblem(text);
  if (problem) throw new UsageError(label ? `${label}: ${problem}` : problem);
  return Number(text);
}

/** A number greater than zero (fractions allowed, e.g. seconds). */
export function parsePositiveNumber(text: string, label: string): number {
  const n = decimalOf(text);
  if (!(n > 0 && n < Infinity)) throw new UsageError(`${label} must be a number greater than 0, not ${quote(text)}`);
  return n;
}

export function parseBoardSize(text: string, label: string): BoardSize {
  const n = Number(text);
  if (!/^\d$/.test(text) || !isBoardSize(n)) throw new UsageError(`${label} must be ${BOARD_SIZES.join(', ')}, not ${quote(text)}`);
  return n;
}

export function parseColour(text: string, label: string): Colour {
  if (!isColour(text)) throw new UsageError(`${label} must be a colour (${COLOURS.join(', ')}), not ${quote(text)}`);
  return text;
}

/** Colours in play, comma-separated, in seat order (clockwise: red, yellow, green, blue). */
export function parseColours(text: string, label: string): Colour[] {
  const colours = parseColourList(text);
  if (typeof colours === 'string') throw new UsageError(`${label}: ${colours}`);
  if (colours.join(',') !== text.split(',').map((s) => s.trim()).join(',')) {
    throw new UsageError(`${label} must list the colours in seat order (clockwise: ${COLOURS.join(', ')}): ${colours.join(',')}, not ${excerpt(text)}`);
  }
  return colours;
}

/** One of a fixed set of words. */
export function parseChoice<T extends string>(text: string, label: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(text)) throw new UsageError(`${label} must be ${choices.join(' or ')}, not ${quote(text)}`);
  return text as T;
}
