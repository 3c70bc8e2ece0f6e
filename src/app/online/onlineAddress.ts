/**
 * Where the game server is, and which room a link opens: the `room` and `server` URL parameters
 * (README, "URL parameters"). Without `server` the page asks its own origin when it is the built
 * app (`npm run serve` serves the app and the rooms on one port), and the host it came from on
 * the game server's port under vite's dev server (`npm start` runs one beside it, on 2567);
 * VITE_ROLIT_SERVER_PORT, at build time or for the dev server, names another port.
 */
import { DEFAULT_SERVER_PORT, roomCodeOf } from '../../wire/contractCodes';

/** What the online parameters say, the rest of the query for the game's own parameters, and a problem with them (a text key and its params). */
export interface OnlineParameters {
  room: string | null;
  /** `tv` (a "Watch live" link): the page opens TV at once (a `room` given too comes first). */
  tv: boolean;
  /** A seat's key (`seat`, from a "Continue on another device" link): takes that seat in the room. */
  seatKey: string | null;
  endpoint: string;
  rest: string;
  problem: { key: 'badRoom' | 'badServer'; value: string } | null;
}

/** The page's address, as far as finding the game server goes (`location`, or a URL). */
export interface PageAddress {
  protocol: string;
  hostname: string;
  /** hostname:port (the port only when not the protocol's own) */
  host: string;
}

/** The game server's port when no `server` parameter says: null for the page's own origin. */
export function defaultServerPort(env: { DEV: boolean; VITE_ROLIT_SERVER_PORT?: string }): number | null {
  const port = Number(env.VITE_ROLIT_SERVER_PORT);
  if (Number.isInteger(port) && port > 0) return port;
  return env.DEV ? DEFAULT_SERVER_PORT : null;
}

/**
 * The server's HTTP address from a `server` parameter: "host:port", ":port", "port" or a full
 * http(s)/ws(s) URL; without one, the page's host on `port`, or the page's origin when `port` is null.
 */
export function serverEndpoint(server: string | null, page: PageAddress, port: number | null): string | null {
  const secure = page.protocol === 'https:';
  const base = `${secure ? 'https' : 'http'}://`;
  if (server === null || server === '') return port === null ? `${base}${page.host}` : `${base}${page.hostname}:${port}`;
  if (/^\d{1,5}$/.test(server)) return `${base}${page.hostname}:${server}`;
  if (/^:\d{1,5}$/.test(server)) return `${base}${page.hostname}${server}`;
  const full = /^(https?|wss?):\/\//i.test(server) ? server : `${base}${server}`;
  try {
    const url = new URL(full.replace(/^ws/i, 'http'));
    return url.origin + url.pathname.replace(/\/$/, '');
  } catch {
    return null;
  }
}

export function readOnlineParameters(search: string, page: PageAddress, port: number | null = DEFAULT_SERVER_PORT): OnlineParameters {
  const params = new URLSearchParams(search);
  const room = params.get('room');
  const server = params.get('server');
  const seatKey = params.get('seat') || null;
  const tv = params.has('tv');
  params.delete('tv');
  params.delete('room');
  params.delete('server');
  params.delete('seat');
  const rest = params.toString() ? `?${params.toString()}` : '';
  let problem: OnlineParameters['problem'] = null;
  const endpoint = serverEndpoint(server, page, port);
  if (endpoint === null) problem = { key: 'badServer', value: server ?? '' };
  // A link typed by hand may have the code in any case: it is taken as the server wrote it.
  const code = room === null ? null : roomCodeOf(room);
  if (room !== null && code === null) problem = { key: 'badRoom', value: room };
  return { room: code, tv: tv && room === null, seatKey: code === null ? null : seatKey, endpoint: endpoint ?? serverEndpoint(null, page, port)!, rest, problem };
}

/** The "Watch live" link: this page with `?tv` (and the `server` parameter it was given), which opens TV at once for anyone. */
export function tvLink(page: { origin: string; pathname: string; search: string }): string {
  const server = new URLSearchParams(page.search).get('server');
  return `${page.origin}${page.pathname}?tv${server ? `&${new URLSearchParams({ server }).toString()}` : ''}`;
}

/**
 * The invite link of a room: this page with `?room=CODE` (and the `server` parameter it was given);
 * with a seat's key, the link that takes that seat on another device (`&seat=KEY`).
 */
export function inviteLink(page: { origin: string; pathname: string; search: string }, room: string, seatKey?: string): string {
  const server = new URLSearchParams(page.search).get('server');
  const params = new URLSearchParams({ room });
  if (server) params.set('server', server);
  if (seatKey) params.set('seat', seatKey);
  return `${page.origin}${page.pathname}?${params.toString()}`;
}
