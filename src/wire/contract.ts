/**
 * The `rolit` room's contract with its clients (docs/online.md): the shapes of create and join
 * options and of every message, checked with zod, and (from contractCodes.ts) the codes of refusals.
 * A page, a bot and a test all speak this; nothing here knows about Colyseus.
 */
import { z } from 'zod';
import { COLOURS, LEVELS } from '../engine';

import { EMOTES, MAX_MOVE, MAX_SEAT_KEY, MAX_TIME_LIMIT, PLAYER_ID_LENGTH, PLAYER_KEY_PATTERN } from './contractCodes';
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
    size: z.literal([8, 6, 4]).default(8),
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

/** The shapes of `join` options, by what they ask for (joinOptions takes any one). */
const joinShapes = {
  /** A free seat by its colour. */
  colour: z.object({ name, colour, player: playerKey.optional() }).strict(),
  /** One's own seat back by its key. */
  seatKey: z.object({ name, seatKey: z.string().min(1).max(MAX_SEAT_KEY), player: playerKey.optional() }).strict(),
  /** Watching. */
  spectator: z.object({ name, spectator: z.literal(true), player: playerKey.optional() }).strict(),
  /** The seat the key's player holds in the room, by the key alone. */
  player: z.object({ name, player: playerKey }).strict(),
};

const JOIN_SHAPES_TEXT = 'give one of colour (a free seat), seatKey (your seat back by its key), spectator: true (to watch) or player alone (your seat back by your player key)';

/**
 * Options of `join`: take a free seat by colour, take one's own seat back by its key, watch, or
 * come back by player key alone (the seat the key's player holds in the room, refused when none).
 */
export const joinOptions = z.union([joinShapes.colour, joinShapes.seatKey, joinShapes.spectator, joinShapes.player], { error: JOIN_SHAPES_TEXT });
export type JoinOptions = z.infer<typeof joinOptions>;

/**
 * `join` options checked, or what is wrong with them in the docs' words: told by the shape the
 * options ask for (by their keys: colour, seatKey, spectator, else player), so a refusal names the
 * key at fault rather than every shape the options are not.
 */
export function parseJoinOptions(raw: unknown): { ok: true; options: JoinOptions } | { ok: false; problem: string } {
  const parsed = joinOptions.safeParse(raw);
  if (parsed.success) return { ok: true, options: parsed.data };
  const keys = typeof raw === 'object' && raw !== null ? Object.keys(raw) : [];
  const asked = (['colour', 'seatKey', 'spectator'] as const).filter((k) => keys.includes(k));
  if (asked.length > 1) return { ok: false, problem: `options: ${asked.join(' and ')} together: ${JOIN_SHAPES_TEXT}` };
  const shape = asked.length === 1 ? joinShapes[asked[0]] : keys.includes('player') ? joinShapes.player : null;
  const error = shape?.safeParse(raw).error;
  return { ok: false, problem: error ? issuesText(error, 'options') : `options: ${JOIN_SHAPES_TEXT}` };
}

/** Options of `joinOrCreate('lobby')`: none. */
export const lobbyOptions = z.union([z.undefined(), z.object({}).strict()]);
/** Options of `joinOrCreate('quick')`: the player's name. */
export const quickOptions = z.object({ name, player: playerKey.optional() }).strict();
/** Options of `joinOrCreate('tv')` (and of joining a TV room by its code): the watcher's name, and their player key if they have one. */
export const tvOptions = z.object({ name, spectator: z.literal(true).optional(), player: playerKey.optional() }).strict();

/** A person's public id (docs/online.md, Players and ratings): PLAYER_ID_LENGTH base64url characters. */
export const playerId = z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${PLAYER_ID_LENGTH}}$`), `a person's public id is ${PLAYER_ID_LENGTH} characters of A-Z, a-z, 0-9, - and _`);

/**
 * A challenge's table (docs/online.md, Challenges): the create options but for who watches, the
 * lobby and the key (the table is the two players', reached by its code); `name` is the
 * challenger's, `colour` their seat (the first seat for a person when none), and the challenged
 * player takes the next seat for a person. Without `colours` or `seats`, red and green.
 */
export const challengeOptions = z
  .object({
    name,
    colour: colour.optional(),
    size: z.literal([8, 6, 4]).default(8),
    colours: z.array(colour).min(1).max(4).optional(),
    variant: z.enum(['standard', 'pro', 'team']).default('standard'),
    misere: z.boolean().default(false),
    timeLimit: z.number().int().min(0).max(MAX_TIME_LIMIT).default(0),
    seats: z.array(seatSpec).min(1).max(4).optional(),
    help: z.boolean().default(false),
    standIn: level.default('tactician'),
    rated: z.boolean().optional(),
  })
  .strict();
export type ChallengeOptions = z.infer<typeof challengeOptions>;

/** `POST /bot/challenges`: whom to challenge (a person's public id) and to what table. */
export const challengeRequest = z.object({ to: playerId, options: challengeOptions }).strict();
export type ChallengeRequest = z.infer<typeof challengeRequest>;

const empty = z.union([z.undefined(), z.null(), z.object({}).strict()], { error: 'takes no payload (none, null or {})' });

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

/**
 * zod's issues as one line in the words of docs/online.md, each naming the key at fault and the
 * problem: "where: what; where: what" (`root` names the whole value: "message", "options").
 * A union that no branch takes is told by the branch the value was meant for (the one its keys
 * fit best), or by the union's own message when several fit as well.
 */
export function issuesText(error: z.ZodError, root = 'message'): string {
  return error.issues.map((issue) => issueText(issue, root)).join('; ');
}

type Issue = z.core.$ZodIssue;

function issueText(issue: Issue, root: string, base: PropertyKey[] = []): string {
  const path = [...base, ...issue.path];
  const where = path.length ? path.map(String).join('.') : root;
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => `${[...path, key].map(String).join('.')}: unknown key`).join('; ');
    case 'invalid_union': {
      const branch = fittest(issue.errors);
      if (branch) return branch.map((inner) => issueText(inner, root, path)).join('; ');
      return `${where}: ${issue.message === 'Invalid input' ? 'of none of the accepted shapes' : issue.message}`;
    }
    case 'invalid_value':
      return `${where}: ${issue.values.length === 1 ? `expected ${show(issue.values[0])}` : `expected one of ${issue.values.map(show).join(', ')}`}`;
    case 'invalid_type':
      return `${where}: ${/received undefined$/.test(issue.message) ? `required (${issue.expected})` : issue.message.replace(/^Invalid input: /, '')}`;
    default:
      return `${where}: ${issue.message}`;
  }
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The branch of a union a value was meant for: the one with the fewest keys that do not fit (keys
 * unknown to it, keys it requires missing), when it alone has that few; null when several tie.
 */
function fittest(branches: Issue[][]): Issue[] | null {
  const misfits = branches.map((issues) => issues.filter((i) => (i.code === 'unrecognized_keys' && i.path.length === 0) || (i.code === 'invalid_type' && i.path.length === 1 && /received undefined$/.test(i.message)) || (i.code === 'invalid_type' && i.path.length === 0)).length);
  const fewest = Math.min(...misfits);
  const best = branches.filter((_, i) => misfits[i] === fewest);
  return best.length === 1 ? best[0] : null;
}
