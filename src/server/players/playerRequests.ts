/**
 * Players over HTTP (docs/online.md, Players and ratings), readable from pages of any origin:
 * `GET /players/<id>`, `/players/<id>/games` and `/leaderboard`. Every parameter is checked: a
 * bad one answers 400 saying which and why, an unknown player 404. The lists are paged as every
 * list of the server is (pages.ts). Two requests carry the key as `Authorization: Bearer`:
 * `GET /players/<id>/playing` answers the key's holder only (their tables may be private), and
 * `POST /players/forget` deletes the key's player.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GameStore, RatingKey } from '../db/store';
import { type FrontHandler, pathOf, type PostHandler, sendBody } from '../front/front';
import { BadRequest, pageAsked, type PagedList, sendPage, type TimeKey, timeKey } from '../front/pages';
import { isRecordName } from '../db/records';
import { bearerKey, isPlayerId, playerIdOf } from './playerId';
import { PLAYER_KINDS, type PlayerKind } from '../../wire/players';

/** How a player's games are paged: newest first, 20 a page unless `limit` (at most 100; each game holds its record) says otherwise. */
const GAMES_LIST: PagedList<TimeKey> = { defaultLimit: 20, maxLimit: 100, key: (values) => timeKey(values, isRecordName) };
/** How the leaderboard is paged: best first, 20 a page unless `limit` (at most 100) says otherwise. */
const LEADERBOARD: PagedList<RatingKey> = {
  defaultLimit: 20,
  maxLimit: 100,
  // People, bots (kept apart: listed only when asked for), or the computer levels (where a page says where a player stands: "rated above tactician").
  // Provisional players are listed on request (`provisional=include`): the settled ones by default.
  filters: { kind: PLAYER_KINDS, provisional: ['include'] },
  key: ([mu, id, ...rest]) => (rest.length === 0 && typeof mu === 'number' && Number.isFinite(mu) && typeof id === 'string' && isPlayerId(id) ? [mu, id] : null),
};

function noParameters(req: IncomingMessage): void {
  const params = new URL(req.url ?? '/', 'http://server').searchParams;
  for (const [name] of params) throw new BadRequest(`unknown parameter ${JSON.stringify(name.slice(0, 40))} (this request takes none)`);
}

const cors = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };

function json(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendBody(req, res, status, { ...cors, ...headers, 'content-type': 'application/json' }, JSON.stringify(body));
}

/**
 * Why a request may not see where player `id` plays: no well-formed key (401), or another
 * player's (403). A stranger learns nothing of the player's tables, not even whether there are any.
 */
function holderRefusal(req: IncomingMessage, id: string): { status: 401 | 403; error: string } | null {
  const auth = bearerKey(req);
  if ('problem' in auth) return { status: 401, error: `only the player sees where they play: ${auth.problem}` };
  if (playerIdOf(auth.key) !== id) return { status: 403, error: `only the player sees where they play: this key is not player ${id}'s` };
  return null;
}

/** The handler of the players' requests, reading `store` and, for `playing`, the shared presence. */
export function playerRequests(store: GameStore, playing: (player: string) => Promise<{ room: string; phase: string; standInLeft: number | null }[]>): FrontHandler {
  return async (req, res) => {
    const path = pathOf(req);
    if (path === null || (path !== '/leaderboard' && !path.startsWith('/players/'))) return false;
    try {
      if (path === '/leaderboard') {
        const asked = pageAsked(req, LEADERBOARD);
        sendPage(req, res, await store.leaderboard(asked.limit, asked.after, asked.filters.kind as PlayerKind | undefined, asked.filters.provisional === 'include'), asked, cors);
        return true;
      }
      const [id, what, ...rest] = path.slice('/players/'.length).split('/');
      if (rest.length > 0 || (what !== undefined && what !== 'games' && what !== 'playing')) throw new NotFound(`no such request: ${JSON.stringify(path.slice(0, 80))}`);
      if (!isPlayerId(id)) throw new BadRequest(`not a player id: ${JSON.stringify(id.slice(0, 40))} (22 characters of A-Z, a-z, 0-9, - and _, or computer:<level>)`);
      if (what === 'playing') {
        noParameters(req);
        const refusal = holderRefusal(req, id);
        if (refusal) {
          json(req, res, refusal.status, { error: refusal.error }, refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
          return true;
        }
        const rooms = await playing(id);
        // A round in play: the moves a stand-in may still play for the player before it counts as given up.
        const standInLeft = Object.fromEntries(rooms.flatMap((r) => (r.standInLeft === null ? [] : [[r.room, r.standInLeft]])));
        json(req, res, 200, { rooms: rooms.map((r) => r.room), phases: Object.fromEntries(rooms.map((r) => [r.room, r.phase])), standInLeft });
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
 * (false when the key had no player); 401 without a well-formed key. Every room is told first
 * (`announce`): one where the player holds a seat gives it up at once and keeps it unnamed, so no
 * round ending later keeps the id again.
 */
export function forgetRequests(store: GameStore, announce: (player: string) => Promise<void>): PostHandler {
  return async (req, res) => {
    if (pathOf(req) !== '/players/forget') return false;
    const auth = bearerKey(req);
    if ('problem' in auth) {
      json(req, res, 401, { error: auth.problem }, { 'www-authenticate': 'Bearer' });
      return true;
    }
    try {
      const id = playerIdOf(auth.key);
      await announce(id);
      json(req, res, 200, { forgotten: await store.forget(id) });
    } catch (e) {
      console.error(`rolit server: forgetting a player: ${e instanceof Error ? e.message : String(e)}`);
      json(req, res, 500, { error: 'the database did not answer' });
    }
    return true;
  };
}
