/**
 * Numbers written as text, as the command line, the engine protocol, records and the arena's
 * entrant specs take them: decimal digits only (no sign, exponent, hexadecimal, spaces or
 * separators), so "0x10" and "1e308" are refused rather than read as 16 and 1e308. The one place
 * that reads them; each caller checks the range it needs.
 */

/** The whole number `text` writes in decimal digits ("12"), or NaN. */
export function wholeNumberOf(text: string): number {
  return /^[0-9]+$/.test(text) ? Number(text) : NaN;
}

/** The number `text` writes in decimal digits with at most one point ("0.3", ".5", "12"), or NaN; too many digits read as Infinity. */
export function decimalOf(text: string): number {
  return /^[0-9]*\.?[0-9]+$/.test(text) ? Number(text) : NaN;
}
