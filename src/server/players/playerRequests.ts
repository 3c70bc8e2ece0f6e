/**
 * Players over HTTP (docs/online.md, Players and ratings), readable from pages of any origin:
 * `GET /players/<id>`, `/players/<id>/games`, `/players/<id>/playing` and `/leaderboard`. Every
 * parameter is checked: a bad one answers 400 saying which and why, an unknown player 404. The
 * lists are paged as every list of the server is (pages.ts).
 * `POST /players/forget` with the key as `Authorization: Bearer` deletes the key's player.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GameStore, RatingKey } from '../db/store';
import { type FrontHandler, pathOf, type PostHandler, sendBody } from '../front/front';
import { BadRequest, pageAsked, type PagedList, sendPage, type TimeKey, timeKey } from '../front/pages';
import { isRecordName } from '../db/records';
import { isPlayerId, playerIdOf } from './playerId';
import { PLAYER_KEY_PATTERN } from '../../wire/contract';
import { PLAYER_KINDS, type PlayerKind } from '../../wire/players';

/** How a player's games are paged: newest first, 20 a page unless `limit` (at most 100; each game holds its record) says otherwise. */
const GAMES_LIST: PagedList<TimeKey> = { defaultLimit: 20, maxLimit: 100, key: (values) => timeKey(values, isRecordName) };
/** How the leaderboard is paged: best first, 20 a page unless `limit` (at most 100) says otherwise. */
const LEADERBOARD: PagedList<RatingKey> = {
  defaultLimit: 20,
  maxLimit: 100,
  // People, bots (kept apart: listed only when asked for), or the computer levels (where a page says where a player stands: "rated above tactician").
  filters: { kind: PLAYER_KINDS },
  key: ([mu, id, ...rest]) => (rest.length === 0 && typeof mu === 'number' && Number.isFinite(mu) && typeof id === 'string' && isPlayerId(id) ? [mu, id] : null),
};

function noParameters(req: IncomingMessage): void {
  const params = new URL(req.url ?? '/', 'http://server').searchParams;
  for (const [name] of params) throw new BadRequest(`unknown parameter ${JSON.stringify(name.slice(0, 40))} (this request takes none)`);
}

const cors = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };

function json(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  sendBody(req, res, status, { ...cors, 'content-type': 'application/json' }, JSON.stringify(body));
}

/** The handler of the players' requests, reading `store` and, for `playing`, the shared presence. */
export function playerRequests(store: GameStore, playing: (player: string) => Promise<{ room: string; phase: string }[]>): FrontHandler {
  return async (req, res) => {
    const path = pathOf(req);
    if (path === null || (path !== '/leaderboard' && !path.startsWith('/players/'))) return false;
    try {
      if (path === '/leaderboard') {
        const asked = pageAsked(req, LEADERBOARD);
        sendPage(req, res, await store.leaderboard(asked.limit, asked.after, asked.filters.kind as PlayerKind | undefined), asked, cors);
        return true;
      }
      const [id, what, ...rest] = path.slice('/players/'.length).split('/');
      if (rest.length > 0 || (what !== undefined && what !== 'games' && what !== 'playing')) throw new NotFound(`no such request: ${JSON.stringify(path.slice(0, 80))}`);
      if (!isPlayerId(id)) throw new BadRequest(`not a player id: ${JSON.stringify(id.slice(0, 40))} (22 characters of A-Z, a-z, 0-9, - and _, or computer:<level>)`);
      if (what === 'playing') {
        noParameters(req);
        const rooms = await playing(id);
        json(req, res, 200, { rooms: rooms.map((r) => r.room), phases: Object.fromEntries(rooms.map((r) => [r.room, r.phase])) });
        return true;
      }
      const page = what === 'games' ? pageAsked(req, GAMES_LIST) : (noParameters(req), null);
      const profile = await store.player(id);
      if (!profile) throw new NotFound(`no player ${id}`);
      if (page) sendPage(req, res, await store.games(id, page.limit, page.after), page, cors);
      else json(req, res, 200, profile);
    } catch (e) {
      if (e instanceof BadRequest) json(req, res, 400, { error: e.message });
      else if (e instanceof NotFound) json(req, res, 404, { error: e.message });
      else {
        console.error(`rolit server: ${path.slice(0, 80)}: ${e instanceof Error ? e.message : String(e)}`);
        json(req, res, 500, { error: 'the database did not answer' });
      }
    }
    return true;
  };
}

class NotFound extends Error {}

/**
 * "Forget me": `POST /players/forget`, the key as `Authorization: Bearer`, deletes the player,
 * their rating, and their id and name from the seats of kept rounds. Answers `{ "forgotten": B }`
 * (false when the key had no player); 401 without a well-formed key.
 */
export function forgetRequests(store: GameStore): PostHandler {
  return async (req, res) => {
    if (pathOf(req) !== '/players/forget') return false;
    const key = /^Bearer ([^\s]+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (key === undefined || !PLAYER_KEY_PATTERN.test(key)) {
      json(req, res, 401, { error: 'send the player key as "Authorization: Bearer <player key>"' });
      return true;
    }
    try {
      json(req, res, 200, { forgotten: await store.forget(playerIdOf(key)) });
    } catch (e) {
      console.error(`rolit server: forgetting a player: ${e instanceof Error ? e.message : String(e)}`);
      json(req, res, 500, { error: 'the database did not answer' });
    }
    return true;
  };
}
