/**
 * Bots in any language (docs/online.md, Bots over HTTP), in the manner of lichess' Bot API: a bot
 * holds `GET /bot/rooms/<code>/stream` open, a stream of NDJSON lines (the room's state as it
 * changes, with the legal moves on the bot's turn, and every message the room sends it), and
 * sends its intents with `POST /bot/rooms/<code>/<message>` (play, start, fill, rematch, emote,
 * resign) and the message's JSON payload. Both carry the player key as `Authorization: Bearer`.
 *
 * Each stream is a client of the room like a page's, joined with the player key over this
 * process's own WebSocket port (through Redis, to the process holding the room): the room checks
 * everything as for any client, and the key takes back a seat the player holds there. Its joins
 * count against the address of the client that opened the stream (botCallers.ts), so each bot
 * has its address's limits, as a page would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Client, type Room } from '@colyseus/sdk';
import { Game, type GameEvent } from '../../engine';
import { type EventsMessage, issuesText, joinOptions, MESSAGE_TYPES, type MessageType, roomCodeOf, type ServerMessageType } from '../../wire/contract';
import { LIMIT_STATUS, requestAddress } from '../front/admission';
import type { BotCallers } from '../front/botCallers';
import { type FrontHandler, pathOf, type PostHandler, sendBody } from '../front/front';
import { bearerKey, playerIdOf } from '../players/playerId';

/** Seconds between the empty lines that keep an idle stream open through proxies. */
const KEEP_ALIVE_SECONDS = 15;

/** The room's messages a stream passes on, each as a line `{ "type": T, ...payload }`. */
const PASSED: ServerMessageType[] = ['you', 'emote', 'resigned', 'error', 'closing', 'fault', 'rated'];

interface Stream {
  room: Room;
  res: ServerResponse;
}

const json = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) =>
  sendBody(req, res, status, { 'content-type': 'application/json', 'cache-control': 'no-store' }, JSON.stringify(body));

/** `/bot/rooms/<code>/<what>`: the room's code and what is asked, or null for another path. */
function botPath(path: string | null): { code: string | null; what: string } | null {
  const found = path === null ? null : /^\/bot\/rooms\/([^/]*)\/([^/]*)$/.exec(path);
  return found ? { code: roomCodeOf(found[1]), what: found[2] } : null;
}

/** The stream's state line: what a bot needs to play, from the room's state and the round's events. */
function stateLine(state: Record<string, any>, log: GameEvent[], logRound: number, colour: string): Record<string, unknown> {
  let legalMoves: string[] = [];
  // The round's events may follow its state (on joining, after a move): the moves come with the line after them.
  if (state.phase === 'playing' && colour !== '' && state.toMove === colour && logRound === state.round && log.length > 0) {
    try {
      const game = Game.fromEvents(log);
      if (game.state.moves.length === state.moves.length && game.state.toMove === colour) legalMoves = game.legalMoves();
    } catch (e) {
      // A log the engine cannot replay is the room's fault, told by the room; the bot gets no moves from it.
      console.error(`rolit bot stream: the round's events do not replay: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return {
    type: 'state',
    phase: state.phase,
    round: state.round,
    toMove: state.toMove,
    moveDeadline: state.moveDeadline,
    moves: [...state.moves],
    seats: [...state.seats].map((s: Record<string, any>) => ({ colour: s.colour, colours: [...s.colours], name: s.name, kind: s.kind, connected: s.connected, score: s.score })),
    legalMoves,
  };
}

export interface BotApi {
  stream: FrontHandler;
  post: PostHandler;
  /** Ends every stream (the server stops). */
  close(): void;
}

/** The bot API of a server whose rooms are reached at `endpoint` (this process's own address), its streams vouched for by `callers`. */
export function botApi(endpoint: string, callers: BotCallers): BotApi {
  /** Open streams by player id and room code: a message goes to the latest stream of its player in its room. */
  const streams = new Map<string, Stream>();

  async function openStream(req: IncomingMessage, res: ServerResponse, code: string, key: string): Promise<void> {
    const params = Object.fromEntries(new URL(req.url ?? '/', 'http://server').searchParams);
    // The join options as the query gives them: a colour to take a free seat, else watch (or the player's held seat back).
    const options = { name: params.name ?? '', ...(params.colour ? { colour: params.colour } : { spectator: true as const }), player: key };
    const extra = Object.keys(params).filter((k) => k !== 'name' && k !== 'colour');
    if (extra.length > 0) return json(req, res, 400, { error: `unknown parameter ${JSON.stringify(extra[0].slice(0, 40))} (parameters: name, colour)` });
    // The one shape the query asks for, so that a refusal names the key at fault.
    const parsed = (params.colour ? joinOptions.options[0] : joinOptions.options[2]).safeParse(options);
    if (!parsed.success) return json(req, res, 400, { error: issuesText(parsed.error) });
    let room: Room;
    try {
      room = await new Client(endpoint, { headers: callers.headersFor(requestAddress(req)) }).joinById(code, parsed.data);
    } catch (e) {
      // A limit of the caller's address (429, contract.ts LIMIT_CODES) is answered as such; the room's refusals 409.
      const status = (e as { code?: unknown }).code === LIMIT_STATUS ? LIMIT_STATUS : 409;
      return json(req, res, status, { error: e instanceof Error ? e.message : String(e) });
    }
    const id = `${playerIdOf(key)} ${code}`;
    streams.set(id, { room, res });
    // A bot's socket that breaks ends its stream (below), never the process.
    res.on('error', () => undefined);
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
    // Nothing is written once the stream has ended (the bot hung up, the room let it go): a write after the end would throw.
    const write = (text: string) => void (res.writableEnded || res.destroyed ? undefined : res.write(text));
    const line = (value: unknown) => write(`${JSON.stringify(value)}\n`);
    let colour = '';
    let log: GameEvent[] = [];
    let round = -1;
    let last = '';
    const publish = () => {
      if (!room.state) return;
      const text = JSON.stringify(stateLine(room.state as Record<string, any>, log, round, colour));
      if (text !== last) write(`${(last = text)}\n`);
    };
    for (const type of PASSED) {
      room.onMessage(type, (message: Record<string, unknown>) => {
        if (type === 'you') colour = String(message.colour ?? '');
        line({ type, ...message });
        if (type === 'you') publish();
      });
    }
    room.onMessage('events', (message: EventsMessage) => {
      if (message.round !== round) [log, round] = [[], message.round];
      log.splice(message.from, message.events.length, ...message.events);
      publish();
    });
    room.onStateChange(publish);
    const keepAlive = setInterval(() => write('\n'), KEEP_ALIVE_SECONDS * 1000).unref();
    const end = () => {
      clearInterval(keepAlive);
      if (streams.get(id)?.room === room) streams.delete(id);
      if (!res.writableEnded) res.end();
    };
    room.onLeave((code, reason) => {
      line({ type: 'gone', code, reason: reason ?? '' });
      end();
    });
    // The bot hung up: it leaves as a dropped player does (its seat is held for the grace; the key takes it back).
    res.on('close', () => {
      if (!res.writableEnded) void room.leave(false).catch(() => undefined);
      end();
    });
  }

  return {
    async stream(req, res) {
      const asked = botPath(pathOf(req));
      if (!asked || asked.what !== 'stream') return false;
      if (req.method !== 'GET') return json(req, res, 405, { error: 'the stream is read with GET' }), true;
      const auth = bearerKey(req);
      if ('problem' in auth) return json(req, res, 401, { error: auth.problem }), true;
      if (asked.code === null) return json(req, res, 400, { error: 'not a room code' }), true;
      await openStream(req, res, asked.code, auth.key);
      return true;
    },
    async post(req, res, body) {
      const asked = botPath(pathOf(req));
      if (!asked) return false;
      const auth = bearerKey(req);
      if ('problem' in auth) return json(req, res, 401, { error: auth.problem }), true;
      if (asked.code === null) return json(req, res, 400, { error: 'not a room code' }), true;
      if (!(MESSAGE_TYPES as readonly string[]).includes(asked.what)) {
        return json(req, res, 404, { error: `no message ${JSON.stringify(asked.what.slice(0, 40))} (messages: ${MESSAGE_TYPES.join(', ')})` }), true;
      }
      let payload: unknown = {};
      try {
        if (body.trim() !== '') payload = JSON.parse(body);
      } catch {
        return json(req, res, 400, { error: 'the body is not JSON' }), true;
      }
      const stream = streams.get(`${playerIdOf(auth.key)} ${asked.code}`);
      if (!stream) return json(req, res, 409, { error: 'no stream of this player in this room on this server: open GET /bot/rooms/<code>/stream first' }), true;
      // The room checks the payload and the intent as any client's: a refusal comes on the stream as an `error` line.
      stream.room.send(asked.what as MessageType, payload);
      json(req, res, 202, { sent: asked.what });
      return true;
    },
    close() {
      for (const { room, res } of streams.values()) {
        void room.leave(false).catch(() => undefined);
        if (!res.writableEnded) res.end();
      }
      streams.clear();
    },
  };
}
