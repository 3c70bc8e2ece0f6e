import { quote } from './excerpt';

/** The four ball colours, in clockwise button order (docs/rules.md: red, yellow, green, blue). */
export const COLOURS = ['red', 'yellow', 'green', 'blue'] as const;
export type Colour = (typeof COLOURS)[number];

/** One-letter form used by the protocol's `board` reply and by record diagrams. */
export const COLOUR_LETTERS = ['R', 'Y', 'G', 'B'] as const;

export function colourIndex(colour: Colour): number {
  return COLOURS.indexOf(colour);
}

export function isColour(name: string): name is Colour {
  return (COLOURS as readonly string[]).includes(name);
}

/** Parses a comma-separated colour list; returns an error message instead of throwing. */
export function parseColourList(text: string): Colour[] | string {
  const names = text.split(',').map((s) => s.trim());
  const seen = new Set<string>();
  for (const name of names) {
    if (!isColour(name)) return `${quote(name)} is not a colour (red, yellow, green, blue)`;
    if (seen.has(name)) return `${name} is listed twice`;
    seen.add(name);
  }
  // Seats are clockwise whatever order they were written in.
  return COLOURS.filter((c) => seen.has(c));
}
