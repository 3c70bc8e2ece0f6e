/**
 * Who played a recorded round, as informational tags (docs/record-format.md, "Players"): each
 * colour's player name (`[Red "Ann"]`) and, for a computer, its level (`[RedLevel "master"]`).
 * A seat of several colours (solo, team) writes its name under each of them. Records without
 * these tags stay readable: their seats are simply not named.
 */
import type { Colour } from './colours';
import type { RoundSetup } from './events';
import { unprintableIndex } from './excerpt';
import type { PlayerSpec } from './match';

/** A seat as the tags see it: who plays it and its colours. */
export interface PlayedSeat extends PlayerSpec {
  colours: readonly Colour[];
}

const tagOf = (colour: Colour) => colour[0].toUpperCase() + colour.slice(1);
const LEVEL_WORD = /^[a-z][a-z0-9-]{0,23}$/;

/** `text` without the characters a tag value may not hold (control characters, bidi overrides). */
function printable(text: string): string {
  let out = text;
  for (let i = unprintableIndex(out); i >= 0; i = unprintableIndex(out)) out = out.slice(0, i) + out.slice(i + 1);
  return out;
}

/** The tags naming each seat's player and a computer's level, for toRecord's extra tags. */
export function playerTags(seats: readonly PlayedSeat[]): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const seat of seats) {
    for (const colour of seat.colours) {
      tags[tagOf(colour)] = printable(seat.name);
      if (seat.kind === 'computer' && seat.level) tags[`${tagOf(colour)}Level`] = seat.level;
    }
  }
  return tags;
}

/**
 * The players of a record from its tags, one per seat of `setup` (a seat's first colour speaks
 * for it), or null when the record names nobody. A seat without a name tag is named by its
 * colours; a level that is not a level word makes that seat a person's.
 */
export function recordedPlayers(tags: Readonly<Record<string, string>>, setup: Pick<RoundSetup, 'players'>, unnamed: (colours: readonly Colour[]) => string): PlayerSpec[] | null {
  if (!setup.players.some((colours) => colours.some((c) => tags[tagOf(c)] !== undefined))) return null;
  return setup.players.map((colours) => {
    const name = tags[tagOf(colours[0])] ?? unnamed(colours);
    const level = tags[`${tagOf(colours[0])}Level`];
    return level !== undefined && LEVEL_WORD.test(level) ? { kind: 'computer', level, name } : { kind: 'human', name };
  });
}

/** The tag naming the seats given up in an online round (docs/record-format.md): `[GaveUp "red"]`, each such seat by its colours. */
export function gaveUpTags(setup: Pick<RoundSetup, 'players'>, gaveUp: readonly boolean[]): Record<string, string> {
  const colours = setup.players.flatMap((seat, i) => (gaveUp[i] ? seat : []));
  return colours.length > 0 ? { GaveUp: colours.join(' ') } : {};
}

/** Which seats of `setup` the record says were given up (a seat's first colour speaks for it): all false without the tag. */
export function recordedGaveUp(tags: Readonly<Record<string, string>>, setup: Pick<RoundSetup, 'players'>): boolean[] {
  const named = (tags.GaveUp ?? '').toLowerCase().split(/[\s,]+/);
  return setup.players.map((colours) => named.includes(colours[0]));
}
