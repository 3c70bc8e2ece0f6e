/**
 * The room's client messages (docs/online.md, Messages from a client): each checked (its shape,
 * the sender's allowance, the server stopping, TV), then turned into a call of the match flow or
 * answered with a refusal to the sender alone.
 */
import { type RuleError, seatOfColour } from '../../engine';
import {
  type Emote, type ErrorCode as MessageErrorCode, type ErrorMessage, type MessageType, parseMessage, type ReceivedMessages,
} from '../../wire/contract';
import { QUICK_COMPUTER } from './serverTable';
import { type Client, playerOf, type RoomCore } from './core';
import { isRatedTable } from '../db/store';
import type { RatedPerson, RoundRefusal } from '../front/limits';
import { computerPlayerId } from '../players/playerId';
import { publishSeats } from './publish';

/** What the room does with each client message, given its checked payload (receive checks it first). */
const handlers: { [K in MessageType]: (room: RoomCore, client: Client, message: ReceivedMessages[K]) => void } = {
  start: (room, client) => start(room, client),
  play: (room, client, { move }) => play(room, client, move),
  fill: (room, client, seat) => fill(room, client, seat),
  rematch: (room, client) => rematch(room, client),
  emote: (room, client, { emote }) => sendEmote(room, client, emote),
  resign: (room, client) => resign(room, client),
};

export function receive<K extends MessageType>(room: RoomCore, client: Client, type: K, payload: unknown): void {
  if (room.faulted || !allow(room, client)) return;
  if (room.closesAt && type !== 'emote') return refuseMessage(client, 'closing', 'the server is stopping: this room closes in a moment');
  const parsed = parseMessage(type, payload);
  if (!parsed.ok) return refuseMessage(client, 'malformed', `${type}: ${parsed.problem}`);
  if (room.table?.kind === 'tv') return refuseMessage(client, 'spectator', 'TV is only watched: its computers play');
  // A throw here is a fault of the room (onUncaughtException), not the sender's.
  handlers[type](room, client, parsed.message);
}

/**
 * The match starts (round 0): on the host's `start`, or by itself at a server table, whose seats
 * left free get computers. A quick-play table's round counts as its first player's address's
 * (the table's owner); past the allowances it is played unrated rather than refused (nobody
 * asked to start it).
 */
export function begin(room: RoomCore): void {
  if (room.flow.phase !== 'waiting' || room.disposed) return;
  if (room.table?.kind === 'quick' && roundAllowance(room, room.owner ?? 'unknown') !== null) room.options.rated = false;
  room.flow.start(QUICK_COMPUTER);
}

function start(room: RoomCore, client: Client): void {
  if (!isHost(room, client, 'start')) return;
  const { flow } = room;
  if (flow.phase !== 'waiting') return refuseMessage(client, 'notWaiting', 'the match has already started');
  const free = room.people.flatMap((p, i) => (flow.player(i).kind === 'human' && !p.sessionId ? [flow.lobby.players[i].join('+')] : []));
  if (free.length > 0) return refuseMessage(client, 'seatsFree', `free seats: ${free.join(', ')} (wait for players, or fill them with computers)`);
  if (roundRefused(room, client)) return;
  begin(room);
}

/**
 * A round started by the host takes one of the hour's rounds of the host's address and, at a
 * rated table, one of the hour's rated rounds of each person's key and address (limits.ts
 * takeRound): refused to the host while one is spent (docs/online.md, Per client address).
 * Whether it was refused.
 */
function roundRefused(room: RoomCore, client: Client): boolean {
  const refusal = roundAllowance(room, client.auth?.address ?? 'unknown');
  if (!refusal) return false;
  const next = `${Math.ceil(refusal.retrySeconds / 60)} min`;
  refuseMessage(client, refusal.code, refusal.code === 'tooManyRounds' ? `${refusal.text}: the next in ${next}` : `${refusal.text}: the next rated round in ${next} (or play at a table that is not rated)`);
  return true;
}

/** Takes the round about to start from the allowances of `host` (an address) and, when it will be rated, of its people; or says why not. */
function roundAllowance(room: RoomCore, host: string): RoundRefusal | null {
  const { flow } = room;
  const seats = room.people.map((p, i) => {
    const player = flow.player(i);
    if (player.kind === 'computer') return { kind: player.kind, player: computerPlayerId(player.level) };
    // A server table's seat nobody took gets a computer as the match starts (begin).
    const free = room.table !== null && p.sessionId === null && p.playerId === null;
    return free ? { kind: 'computer' as const, player: computerPlayerId(QUICK_COMPUTER) } : { kind: player.kind, player: p.playerId };
  });
  const rated = room.options.rated !== false && isRatedTable(seats);
  const people: RatedPerson[] = room.people.flatMap((p, i) => {
    if (flow.player(i).kind !== 'human' || p.playerId === null) return [];
    const address = room.clients.find((c) => c.sessionId === p.sessionId)?.auth?.address ?? null;
    return [{ name: flow.player(i).name, playerId: p.playerId, address }];
  });
  return room.config.limiter.takeRound(host, rated ? people : null);
}

function play(room: RoomCore, client: Client, move: string): void {
  if (room.flow.phase !== 'playing') return refuseMessage(client, 'notPlaying', 'no round is being played');
  const player = playerOf(room, client.sessionId);
  if (player < 0) return refuseMessage(client, 'spectator', 'spectators cannot play');
  const refusal = room.flow.play(player, move);
  if (refusal?.code === 'notYourTurn') return refuseMessage(client, 'notYourTurn', `it is ${room.state.toMove}'s turn`);
  if (refusal?.code === 'illegalMove') return refuseMessage(client, 'illegalMove', refusal.refusal.message, refusal.refusal);
}

function fill(room: RoomCore, client: Client, { colour, level }: ReceivedMessages['fill']): void {
  if (!isHost(room, client, 'fill seats')) return;
  const { flow } = room;
  if (flow.phase !== 'waiting') return refuseMessage(client, 'notWaiting', 'seats are filled before the match starts');
  const player = seatOfColour(flow.lobby.players, colour);
  if (player < 0) return refuseMessage(client, 'notFree', `${colour} is not in play`);
  if (flow.player(player).kind !== 'human' || room.people[player].sessionId) return refuseMessage(client, 'notFree', `${colour}'s seat is not free`);
  flow.fill(player, level);
}

function rematch(room: RoomCore, client: Client): void {
  if (!isHost(room, client, 'start a rematch')) return;
  if (room.flow.phase !== 'over') return refuseMessage(client, 'notOver', 'a rematch follows a finished round');
  if (roundRefused(room, client)) return;
  room.flow.nextRound();
}

function sendEmote(room: RoomCore, client: Client, emote: Emote): void {
  const player = playerOf(room, client.sessionId);
  if (player < 0) return refuseMessage(client, 'spectator', 'spectators cannot send emotes');
  room.broadcast('emote', { colour: room.flow.colourOf(player), emote });
}

/** A player gives up the round: the stand-in computer plays their seat to its end (a rematch seats them again). */
function resign(room: RoomCore, client: Client): void {
  if (room.flow.phase !== 'playing') return refuseMessage(client, 'notPlaying', 'no round is being played');
  const player = playerOf(room, client.sessionId);
  if (player < 0) return refuseMessage(client, 'spectator', 'spectators cannot resign');
  if (room.flow.resign(player) === 'resigned') return refuseMessage(client, 'resigned', 'you have already resigned this round');
  publishSeats(room);
}

/** Rate limit: a token bucket per client (limits.ts); a refused message changes nothing. */
export function allow(room: RoomCore, client: Client): boolean {
  if (room.buckets.of(client.sessionId).take()) return true;
  refuseMessage(client, 'rateLimited', `too many messages: at most ${room.config.messagesPerSecond} a second`);
  return false;
}

/** Refuses a client's message, to it alone; an illegal move with the engine's reason and what it names. */
function refuseMessage(client: Client, code: MessageErrorCode, text: string, refusal?: RuleError): void {
  const message: ErrorMessage = refusal ? { code, text, reason: refusal.code, params: refusal.params } : { code, text };
  client.send('error', message);
}

function isHost(room: RoomCore, client: Client, what: string): boolean {
  if (client.sessionId === room.hostSession) return true;
  refuseMessage(client, 'notHost', `only the host can ${what}`);
  return false;
}
