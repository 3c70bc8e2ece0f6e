/**
 * Bots in any language (docs/online.md, Bots over HTTP), in the manner of lichess' Bot API; every
 * request carries the player key as `Authorization: Bearer`:
 * - `GET /bot/rooms/<code>/stream` (or `/bot/rooms/tv/stream`): the room as NDJSON lines (roomStream.ts);
 * - `POST /bot/rooms/<code>/<message>`: one of the room's messages (play, start, fill, rematch, emote, resign) through that stream;
 * - `POST /bot/rooms`, `POST /bot/quick`, `GET /bot/lobby`: a table of one's own, quick play's, the open ones (botTables.ts);
 * - `POST /bot/challenges`, `POST /bot/challenges/<id>/accept|decline|cancel`, `GET /bot/events` (challenges.ts).
 *
 * Each stream is a client of the room like a page's, joined over this process's own WebSocket port
 * (through Redis, to the process holding the room): the room checks everything as for any
 * client, and counts it against the address of the client that opened the stream (botCallers.ts),
 * so each bot has its address's limits, as a page would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';
import type { Room } from '@colyseus/sdk';
import { MESSAGE_TYPES, type MessageType, roomCodeOf } from '../../wire/contract';
import type { BotCallers } from '../front/botCallers';
import { type FrontHandler, type MatchmakingRefusal, pathOf, type PostHandler, SERVER_UNAVAILABLE, sendBody } from '../front/front';
import type { ClientLimiter } from '../front/limits';
import { bearerKey, playerIdOf } from '../players/playerId';
import { type Answer, createBotRoom, jsonObject, lobbyTables, quickTable } from './botTables';
import { type ChallengeTables, Challenges } from './challenges';
import { DEFAULT_KEEP_ALIVE_SECONDS } from './lineStream';
import { openRoomStream, type StreamContext, streamKey, TV_PATH } from './roomStream';

export { DEFAULT_KEEP_ALIVE_SECONDS } from './lineStream';

export interface BotApiConfig {
  /** This process's own address, where the streams' room clients connect. */
  endpoint: string;
  callers: BotCallers;
  limiter: ClientLimiter;
  tables: ChallengeTables;
  /** Seconds between a stream's keep-alive lines (default 15). */
  keepAliveSeconds?: number;
  /** Seconds a seat the bot API took for a player (its room, a quick-play table) waits for their stream: the seat reservation's. */
  holdSeconds: number;
  /** Why rooms cannot be created or joined now (Redis down), as the matchmaker refuses; null while they can. */
  unavailable: () => MatchmakingRefusal | null;
}

export interface BotApi {
  get: FrontHandler;
  post: PostHandler;
  /** The server stops: requests are refused (503) and every stream gets `closing`, then `gone` after `seconds`; resolves once they ended. */
  stop(seconds: number): Promise<void>;
}

const json = (req: IncomingMessage, res: ServerResponse, { status, body }: Answer) =>
  sendBody(req, res, status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'access-control-allow-origin': '*' }, JSON.stringify(body));

/** What a `/bot/...` path asks for: its parts after `/bot/`; null for another path. */
function botPath(req: IncomingMessage): string[] | null {
  const path = pathOf(req);
  return path?.startsWith('/bot/') ? path.slice('/bot/'.length).split('/') : null;
}

const notFound = (path: string[]): Answer => ({ status: 404, body: { error: `no such request: /bot/${path.join('/').slice(0, 80)} (docs/online.md, Bots over HTTP)` } });
const wrongMethod = (method: string): Answer => ({ status: 405, body: { error: `this request is sent with ${method}` } });

export function botApi(config: BotApiConfig): BotApi {
  const ctx: StreamContext = {
    endpoint: config.endpoint,
    callers: config.callers,
    presence: matchMaker.presence,
    keepAliveMs: (config.keepAliveSeconds ?? DEFAULT_KEEP_ALIVE_SECONDS) * 1000,
    rooms: new Map<string, Room>(),
    open: new Set(),
  };
  const challenges = new Challenges(ctx, config.tables, config.limiter);
  let stopping = false;

  /** Checks every request: a key, the server not stopping and its rooms reachable; answers the refusal and gives null, else the key. */
  function admitted(req: IncomingMessage, res: ServerResponse): string | null {
    const auth = bearerKey(req);
    if ('problem' in auth) return json(req, res, { status: 401, body: { error: auth.problem } }), null;
    const refused = stopping ? 'closing: the server is stopping; come back in a moment' : config.unavailable();
    if (refused !== null) return json(req, res, { status: SERVER_UNAVAILABLE, body: { error: refused } }), null;
    return auth.key;
  }

  /** `POST /bot/rooms/<code>/<message>`: the message through the player's stream of that room. */
  function send(key: string, code: string | null, message: string, body: string): Answer {
    if (code === null) return { status: 400, body: { error: 'not a room code' } };
    if (!(MESSAGE_TYPES as readonly string[]).includes(message)) return { status: 404, body: { error: `no message "${message.slice(0, 40)}" (messages: ${MESSAGE_TYPES.join(', ')})` } };
    const payload = jsonObject(body);
    if ('problem' in payload) return { status: 400, body: { error: payload.problem } };
    const room = ctx.rooms.get(streamKey(playerIdOf(key), code));
    if (!room) return { status: 409, body: { error: 'no stream of this player in this room on this server: open GET /bot/rooms/<code>/stream first' } };
    // The room checks the payload and the intent as any client's: a refusal comes on the stream as an `error` line.
    room.send(message as MessageType, payload);
    return { status: 202, body: { sent: message } };
  }

  return {
    async get(req, res) {
      const path = botPath(req);
      if (!path) return false;
      const key = admitted(req, res);
      if (key === null) return true;
      const [what, code, part, ...rest] = path;
      if (what === 'rooms' && part === 'stream' && rest.length === 0) {
        const target = code === TV_PATH ? TV_PATH : roomCodeOf(code);
        if (target === null) return json(req, res, { status: 400, body: { error: 'not a room code' } }), true;
        await openRoomStream(ctx, req, res, target, key, (status, error) => json(req, res, { status, body: { error } }));
      } else if (what === 'events' && path.length === 1) await challenges.events(req, res, key);
      else if (what === 'lobby' && path.length === 1) json(req, res, await lobbyTables());
      else json(req, res, ['rooms', 'quick', 'challenges'].includes(what) ? wrongMethod('POST') : notFound(path));
      return true;
    },
    async post(req, res, body) {
      const path = botPath(req);
      if (!path) return false;
      const key = admitted(req, res);
      if (key === null) return true;
      const [what, id, action, ...rest] = path;
      let answer: Answer | null;
      if (what === 'rooms' && path.length === 1) answer = await createBotRoom(ctx, req, key, body, config.holdSeconds);
      else if (what === 'rooms' && action === 'stream' && rest.length === 0) answer = wrongMethod('GET');
      else if (what === 'rooms' && action !== undefined && rest.length === 0) answer = send(key, roomCodeOf(id), action, body);
      else if (what === 'quick' && path.length === 1) answer = await quickTable(ctx, req, res, key, body, config.holdSeconds);
      else if (what === 'challenges' && path.length === 1) answer = await challenges.post(req, key, body);
      else if (what === 'challenges' && ['accept', 'decline', 'cancel'].includes(action) && rest.length === 0) answer = await challenges.answer(key, id, action);
      else answer = ['events', 'lobby'].includes(what) && path.length === 1 ? wrongMethod('GET') : notFound(path);
      // null: the caller hung up while waiting.
      if (answer) json(req, res, answer);
      return true;
    },
    async stop(seconds) {
      stopping = true;
      challenges.stop();
      for (const stream of [...ctx.open]) stream.stop(seconds);
      // Whatever a room does, every stream has ended shortly after the notice.
      const deadline = Date.now() + seconds * 1000 + 2000;
      while (ctx.open.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      for (const stream of [...ctx.open]) stream.end();
    },
  };
}
