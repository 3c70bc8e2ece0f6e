/**
 * Players over HTTP (docs/online.md, Players and ratings), readable from pages of any origin:
 * `GET /players/<id>`, `/players/<id>/games`, `/players/<id>/playing` and `/leaderboard`. Every
 * parameter is checked: a bad one answers 400 saying which and why, an unknown player 404.
 * `POST /players/forget` with the key as `Authorization: Bearer` deletes the key's player.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GameStore } from './db/store';
import { type FrontHandler, pathOf, type PostHandler, sendBody } from './front';
import { isPlayerId, playerIdOf } from './playerId';
import { PLAYER_KEY_PATTERN } from '../wire/contract';

/** Longest page of games or of the leaderboard, and the page given without `limit`. */
export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 20;
/** Largest `offset`: deeper pages are not browsed by anyone, and a huge offset only costs the database. */
const MAX_OFFSET = 100_000;

class BadRequest extends Error {}

/** Kinds of player the leaderboard can be narrowed to (`kind`). */
const KINDS = ['human', 'computer'] as const;

/** `offset` and `limit` of a paginated request, and the leaderboard's `kind` where `kinds` (no other parameter), checked. */
function pageOf(req: IncomingMessage, kinds = false): { offset: number; limit: number; kind?: (typeof KINDS)[number] } {
  const params = new URL(req.url ?? '/', 'http://server').searchParams;
  const page: { offset: number; limit: number; kind?: (typeof KINDS)[number] } = { offset: 0, limit: DEFAULT_PAGE };
  for (const [name, value] of params) {
    if (kinds && name === 'kind') {
      if (page.kind !== undefined || !(KINDS as readonly string[]).includes(value)) throw new BadRequest(`kind: expected one of ${KINDS.join(', ')}, once, not ${JSON.stringify(value.slice(0, 40))}`);
      page.kind = value as (typeof KINDS)[number];
      continue;
    }
    if (name !== 'offset' && name !== 'limit') throw new BadRequest(`unknown parameter ${JSON.stringify(name.slice(0, 40))} (parameters: offset, limit${kinds ? ', kind' : ''})`);
    const [min, max] = name === 'offset' ? [0, MAX_OFFSET] : [1, MAX_PAGE];
    if (!/^\d{1,7}$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new BadRequest(`${name}: expected a whole number from ${min} to ${max}, not ${JSON.stringify(value.slice(0, 40))}`);
    }
    page[name] = Number(value);
  }
  return page;
}

function noParameters(req: IncomingMessage): void {
  const params = new URL(req.url ?? '/', 'http://server').searchParams;
  for (const [name] of params) throw new BadRequest(`unknown parameter ${JSON.stringify(name.slice(0, 40))} (this request takes none)`);
}

const cors = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };

function json(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  sendBody(req, res, status, { ...cors, 'content-type': 'application/json' }, JSON.stringify(body));
}

/** The handler of the players' requests, reading `store` and, for `playing`, the shared presence. */
export function playerRequests(store: GameStore, playing: (player: string) => Promise<string[]>): FrontHandler {
  return async (req, res) => {
    const path = pathOf(req);
    if (path === null || (path !== '/leaderboard' && !path.startsWith('/players/'))) return false;
    try {
      if (path === '/leaderboard') {
        const { offset, limit, kind } = pageOf(req, true);
        json(req, res, 200, await store.leaderboard(offset, limit, kind));
        return true;
      }
      const [id, what, ...rest] = path.slice('/players/'.length).split('/');
      if (rest.length > 0 || (what !== undefined && what !== 'games' && what !== 'playing')) throw new NotFound(`no such request: ${JSON.stringify(path.slice(0, 80))}`);
      if (!isPlayerId(id)) throw new BadRequest(`not a player id: ${JSON.stringify(id.slice(0, 40))} (22 characters of A-Z, a-z, 0-9, - and _, or computer:<level>)`);
      if (what === 'playing') {
        noParameters(req);
        json(req, res, 200, { rooms: await playing(id) });
        return true;
      }
      const page = what === 'games' ? pageOf(req) : (noParameters(req), null);
      const profile = await store.player(id);
      if (!profile) throw new NotFound(`no player ${id}`);
      json(req, res, 200, page ? await store.games(id, page.offset, page.limit) : profile);
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
