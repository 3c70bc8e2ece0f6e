/**
 * How a reason quotes what it was given (records, protocol commands, moves): bad input can be
 * megabytes long or hold control bytes, and a reason must stay one short, printable line.
 */

/** Longest excerpt, in characters, before it is cut. */
const MAX_EXCERPT = 40;

/** Control characters, line and paragraph separators and bidi overrides: shown as \n, \u0007, ... */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const UNPRINTABLE_CHAR = new RegExp(UNPRINTABLE.source, 'u');

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Where `text` holds the first character that excerpts escape (what printed text must not hold), or -1. */
export function unprintableIndex(text: string): number {
  return text.search(UNPRINTABLE_CHAR);
}

/** How an excerpt shows an unprintable character: \n, \t, \u001b, ... */
export function escapedCharacter(char: string): string {
  return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * `text` as a reason shows it: unprintable characters escaped, and at most MAX_EXCERPT
 * characters (whole characters, never half an emoji), then "..." when it was cut.
 */
export function excerpt(text: string): string {
  // Cut before escaping, and look at no more than needed: the input may be huge.
  const chars = Array.from(text.slice(0, 2 * MAX_EXCERPT + 2));
  const cut = chars.length > MAX_EXCERPT;
  const shown = (cut ? chars.slice(0, MAX_EXCERPT) : chars).join('');
  const escaped = shown.replace(UNPRINTABLE, escapedCharacter);
  return cut ? `${escaped}...` : escaped;
}

/** The excerpt in double quotes: `"f9"`, `"\u0007bell"`, `"aaaa..."`. */
export function quote(text: string): string {
  return `"${excerpt(text)}"`;
}
