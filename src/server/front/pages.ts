/**
 * The one way the server's lists are paged (docs/online.md, Lists): `GET /records`,
 * `/players/<id>/games` and `/leaderboard` answer a JSON array of at most `limit` items and, when
 * more follow, `Link: <…?limit=L&cursor=C>; rel="next"`. A cursor is the sort key of the page's
 * last item (keyset pagination), opaque to clients: a list that grows while it is read (new
 * rounds first, ratings moving) never repeats or skips an item at a page's edge because of what
 * came before it, and a deep page costs the database no more than the first.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendBody } from './front';

/** A page of a list: its items, and the sort key of its last item when more follow (null on the last page). */
export interface Page<T, K> {
  items: T[];
  next: K | null;
}

/** The sort key of lists newest first: a time (ISO 8601) and an id that breaks ties. */
export type TimeKey = readonly [at: string, id: string];

/** How a list is paged: its page sizes, and how a cursor's values make its sort key. */
export interface PagedList<K> {
  /** Items of a page without `limit`, and the most a `limit` may ask. */
  defaultLimit: number;
  maxLimit: number;
  /** The sort key a cursor's decoded values give, or null when they are none of this list's. */
  key(values: unknown[]): K | null;
  /** Parameters narrowing the list, each with the values it takes (the leaderboard's `kind`). */
  filters?: Record<string, readonly string[]>;
}

/** A request's parameter that is wrong: answered 400 with the message. */
export class BadRequest extends Error {}

/** A cursor is at most this long: a sort key is a time or number and an id. */
const MAX_CURSOR = 400;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A TimeKey from a cursor's values when the id passes `isId`. */
export function timeKey(values: unknown[], isId: (id: string) => boolean): TimeKey | null {
  const [at, id] = values;
  return values.length === 2 && typeof at === 'string' && ISO_TIME.test(at) && typeof id === 'string' && isId(id) ? [at, id] : null;
}

/** A sort key as a cursor: its values as JSON, in base64url (safe in a URL as it is). */
export function cursorOf(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function keyOf<K>(cursor: string, list: PagedList<K>): K | null {
  if (cursor.length > MAX_CURSOR || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(values) ? list.key(values) : null;
  } catch {
    return null;
  }
}

/**
 * The page a request asks for: `limit` (default the list's), `cursor` (from a Link header) and
 * the list's filters, no other parameter and none twice. Throws BadRequest saying what is wrong;
 * `offset`, which these lists once took, is refused with the way to page now.
 */
export function pageAsked<K>(req: IncomingMessage, list: PagedList<K>): { limit: number; after: K | null; filters: Record<string, string> } {
  const params = new URL(req.url ?? '/', 'http://server').searchParams;
  const filters: Record<string, string> = {};
  const known = ['limit', 'cursor', ...Object.keys(list.filters ?? {})];
  for (const name of new Set(params.keys())) {
    if (name === 'offset') throw new BadRequest('offset: lists are paged by cursor: follow the Link header (rel="next") of the page before, or ask for the first page with limit alone');
    if (!known.includes(name)) throw new BadRequest(`unknown parameter ${JSON.stringify(name.slice(0, 40))} (parameters: ${known.join(', ')})`);
    if (params.getAll(name).length > 1) throw new BadRequest(`${name} given more than once`);
    const values = list.filters?.[name];
    if (values) {
      const value = params.get(name)!;
      if (!values.includes(value)) throw new BadRequest(`${name}: expected one of ${values.join(', ')}, not ${JSON.stringify(value.slice(0, 40))}`);
      filters[name] = value;
    }
  }
  const limitText = params.get('limit');
  const limit = limitText === null ? list.defaultLimit : Number(limitText);
  if (limitText !== null && !(/^\d{1,7}$/.test(limitText) && limit >= 1 && limit <= list.maxLimit)) {
    throw new BadRequest(`limit: expected a whole number from 1 to ${list.maxLimit}, not ${JSON.stringify(limitText.slice(0, 40))}`);
  }
  const cursor = params.get('cursor');
  if (cursor === null) return { limit, after: null, filters };
  const after = keyOf(cursor, list);
  if (after === null) throw new BadRequest(`cursor: expected one a Link header of this list gave, not ${JSON.stringify(cursor.slice(0, 40))}`);
  return { limit, after, filters };
}

/** Answers a page: its items as a JSON array, and the next page's address (same filters) in `Link` when more follow. */
export function sendPage<T>(req: IncomingMessage, res: ServerResponse, page: Page<T, readonly (string | number)[]>, asked: { limit: number; filters: Record<string, string> }, headers: Record<string, string>): void {
  const path = new URL(req.url ?? '/', 'http://server').pathname;
  const next = new URLSearchParams({ ...asked.filters, limit: String(asked.limit) });
  if (page.next) next.set('cursor', cursorOf(page.next));
  const link: Record<string, string> = page.next ? { link: `<${path}?${next}>; rel="next"` } : {};
  sendBody(req, res, 200, { ...headers, 'access-control-expose-headers': 'link', ...link, 'content-type': 'application/json' }, JSON.stringify(page.items));
}
