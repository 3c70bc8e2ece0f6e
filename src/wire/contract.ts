/**
 * The `rolit` room's contract with its clients (docs/online.md): the shapes of create and join
 * options and of every message, checked with zod, and (from contractCodes.ts) the codes of refusals.
 * A page, a bot and a test all speak this; nothing here knows about Colyseus.
 */
import { z } from 'zod';
import { COLOURS, LEVELS } from '../engine';

import { EMOTES, MAX_MOVE, MAX_SEAT_KEY, MAX_TIME_LIMIT, PLAYER_KEY_PATTERN } from './contractCodes';
import { nameProblem, nameProblemText, normalName } from './names';

export * from './contractCodes';

/**
 * A person's name: well-formed Unicode (a lone surrogate breaks every client's state decoding),
 * put in NFKC and trimmed, then checked as names.ts says (length, control characters, mixed
 * scripts, a computer's seat), the problem named.
 */
const name = z
  .string()
  .refine((s) => !/\p{Cs}/u.test(s), 'not well-formed Unicode (a lone surrogate)')
  .transform(normalName)
  .superRefine((s, ctx) => {
    const problem = nameProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: nameProblemText(problem) });
  });
const colour = z.enum(COLOURS);
/** A player's secret key (join and create option `player`): the page's own, kept in its localStorage. */
export const playerKey = z.string().regex(PLAYER_KEY_PATTERN, 'a player key is 22 to 64 characters of A-Z, a-z, 0-9, - and _ (128 random bits or more)');
const level = z.enum(LEVELS);

/** A seat at creation: a person, or a computer of a level. */
export const seatSpec = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('human') }).strict(),
  z.object({ kind: z.literal('computer'), level }).strict(),
]);
export type SeatSpec = z.infer<typeof seatSpec>;

/** Options of `create`: the room's rules, its seats, and the creator (a player or a spectator). */
export const createOptions = z
  .object({
    name,
    colour: colour.optional(),
    spectator: z.literal(true).optional(),
    /** The table shows in the lobby (a public table); without it the room is reached by its code only. */
    listed: z.boolean().optional(),
    size: z.union([z.literal(8), z.literal(6), z.literal(4)]).default(8),
    colours: z.array(colour).min(1).max(4).optional(),
    variant: z.enum(['standard', 'pro', 'team']).default('standard'),
    misere: z.boolean().default(false),
    timeLimit: z.number().int().min(0).max(MAX_TIME_LIMIT).default(0),
    seats: z.array(seatSpec).min(1).max(4).optional(),
    /** Players may use engine help (evaluation bar, suggestions, strongest move); spectators always may. */
    help: z.boolean().default(false),
    /** Level of the computer that plays on for a player who dropped. */
    standIn: level.default('tactician'),
    /** false: the table's rounds change no rating (docs/online.md, Players and ratings); rated by default. */
    rated: z.boolean().optional(),
    player: playerKey.optional(),
  })
  .strict()
  .refine((o) => (o.colour === undefined) !== (o.spectator === undefined), { message: 'give either colour (to play) or spectator: true (to watch)' });
export type CreateOptions = z.infer<typeof createOptions>;

/** Options of `join`: take a free seat by colour, take one's own seat back by its key, or watch. */
export const joinOptions = z.union([
  z.object({ name, colour, player: playerKey.optional() }).strict(),
  z.object({ name, seatKey: z.string().min(1).max(MAX_SEAT_KEY), player: playerKey.optional() }).strict(),
  z.object({ name, spectator: z.literal(true), player: playerKey.optional() }).strict(),
]);
export type JoinOptions = z.infer<typeof joinOptions>;

/** Options of `joinOrCreate('lobby')`: none. */
export const lobbyOptions = z.union([z.undefined(), z.object({}).strict()]);
/** Options of `joinOrCreate('quick')`: the player's name. */
export const quickOptions = z.object({ name, player: playerKey.optional() }).strict();
/** Options of `joinOrCreate('tv')` (and of joining a TV room by its code): the watcher's name. */
export const tvOptions = z.object({ name, spectator: z.literal(true).optional() }).strict();

const empty = z.union([z.undefined(), z.null(), z.object({}).strict()]);

/** Messages from a client, by type: the room refuses any other type (`unknownMessage`) and a payload of another shape (`malformed`). */
export const messages = {
  start: empty,
  play: z.object({ move: z.string().max(MAX_MOVE) }).strict(),
  fill: z.object({ colour, level }).strict(),
  rematch: empty,
  emote: z.object({ emote: z.enum(EMOTES) }).strict(),
  resign: empty,
} as const;
export type MessageType = keyof typeof messages;
export const MESSAGE_TYPES = Object.keys(messages) as MessageType[];

/** Each client message's payload as a client writes it (a payload that may be left out includes undefined). */
export type ClientMessages = { [K in MessageType]: z.input<(typeof messages)[K]> };
/** Each client message's payload as the room's handler receives it, checked. */
export type ReceivedMessages = { [K in MessageType]: z.output<(typeof messages)[K]> };
/** The payload argument of sending a message of type K: optional where the message needs none. */
export type PayloadArgs<K extends MessageType> = undefined extends ClientMessages[K] ? [payload?: ClientMessages[K]] : [payload: ClientMessages[K]];

/** A payload received as a message of `type`, checked: the message, or why it is malformed ("where: what"). */
export function parseMessage<K extends MessageType>(type: K, payload: unknown): { ok: true; message: ReceivedMessages[K] } | { ok: false; problem: string } {
  // messages[type] is the schema of K (TypeScript sees a union of all of them): its output is ReceivedMessages[K].
  const parsed = (messages[type] as z.ZodType).safeParse(payload);
  return parsed.success ? { ok: true, message: parsed.data as ReceivedMessages[K] } : { ok: false, problem: issuesText(parsed.error) };
}

/** zod's issues as one line: "where: what; where: what". */
export function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'message'}: ${i.message}`).join('; ');
}
