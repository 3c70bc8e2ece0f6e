/**
 * HTTP answers the server gives itself, in front of Colyseus' request listener: the records and
 * the built app. Not through Colyseus' router, whose node adapter stalls on a body larger than the
 * socket's buffer (it waits for `drain` and never ends the response), so a long list of records or
 * an app's script would never arrive. What the front answers goes gzipped to clients that take it
 * (the compression middleware); what it leaves for Colyseus goes untouched.
 *
 * The front also guards Colyseus: a request or WebSocket upgrade it refuses (requestGuard.ts) is
 * answered here, and a POST body is read here, at most MAX_BODY_BYTES (413 beyond), and handed on
 * whole, so no client can make Colyseus throw where nobody catches, or buffer a large body.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import compression from 'compression';
import { ALLOWED_METHODS, MAX_BODY_BYTES, type Refusal, requestRefusal, upgradeRefusal } from './requestGuard';

/** Status (and error code) of a matchmaking request while the server stops or cannot share rooms: Service Unavailable. */
export const SERVER_UNAVAILABLE = 503;

/** Why matchmaking is refused now: the SDK's error text, `<code>: <explanation>` (docs/online.md, Failures). */
export type MatchmakingRefusal = `${'closing' | 'unavailable'}: ${string}`;

/** Answers a request it knows (true), or leaves it for the next (false) without touching `res`. */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
/** The same for a POST request, given its body as the front read it. */
export type PostHandler = (req: IncomingMessage, res: ServerResponse, body: string) => Promise<boolean>;

/** The responses a front handler answers: only these are compressed. */
const answered = new WeakSet<ServerResponse>();

/** Marks `res` as answered by a front handler, before its headers are sent. */
export function answeredInFront(res: ServerResponse): void {
  answered.add(res);
}

const compress = compression({ filter: (req, res) => answered.has(res) && compression.filter(req, res) });

/**
 * Puts `handlers` (GET and HEAD) and `posts` in front of the request listeners `http` has
 * (Colyseus', attached when it listened), and guards its upgrades. While `refusal` gives a reason
 * (`matchmaking`: the server stops, Redis is gone), matchmaking is refused here at once with 503 and a JSON body
 * in Colyseus' shape (`{ code, error }`), which the SDK reads as the error.
 */
export function putInFront(http: HttpServer, handlers: FrontHandler[], matchmaking: () => MatchmakingRefusal | null, posts: PostHandler[] = []): void {
  const others = http.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  http.removeAllListeners('request');
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const refusal = requestRefusal(req.method, req.url, req.headers);
      if (refusal) {
        const allow: Record<string, string> = refusal.status === 405 ? { allow: ALLOWED_METHODS.join(', ') } : {};
        return sendBody(req, res, refusal.status, { ...allow, connection: 'close', 'content-type': 'text/plain; charset=utf-8' }, refusal.text);
      }
      const refused = pathOf(req)?.startsWith('/matchmake/') ? matchmaking() : null;
      if (refused) {
        const body = { code: SERVER_UNAVAILABLE, error: refused };
        return sendBody(req, res, SERVER_UNAVAILABLE, { connection: 'close', 'content-type': 'application/json', 'retry-after': '5' }, JSON.stringify(body));
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        await new Promise<void>((resolve, reject) => compress(req as never, res as never, (error?: unknown) => (error ? reject(error) : resolve())));
        for (const handler of handlers) if (await handler(req, res)) return;
      }
      if (req.method === 'POST') {
        const body = await readBody(req);
        if (body === null) {
          return sendBody(req, res, 413, { connection: 'close', 'content-type': 'text/plain; charset=utf-8' }, `request body over ${MAX_BODY_BYTES} bytes`);
        }
        for (const handler of posts) if (await handler(req, res, body)) return;
        // Colyseus' node adapter takes a body already read from `req.body` (a string).
        if (req.headers['content-type'] !== undefined) (req as IncomingMessage & { body?: string }).body = body;
      }
      for (const listener of others) listener.call(http, req, res);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const upgrades = http.listeners('upgrade') as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  http.removeAllListeners('upgrade');
  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = upgradeRefusal(req.url, req.headers);
    if (refusal) refuseOnSocket(socket, refusal);
    else for (const listener of upgrades) listener.call(http, req, socket, head);
  });
  // CONNECT never comes as a request: answered here like any other method not served.
  http.on('connect', (req: IncomingMessage, socket: Duplex) => refuseOnSocket(socket, requestRefusal(req.method, req.url, req.headers)!));
}

/** Answers a refusal on a socket taken from the HTTP server (an upgrade, a CONNECT), and closes it. */
function refuseOnSocket(socket: Duplex, refusal: Refusal): void {
  socket.on('error', () => socket.destroy());
  const reason = { 400: 'Bad Request', 405: 'Method Not Allowed', 415: 'Unsupported Media Type' }[refusal.status];
  const allow = refusal.status === 405 ? `allow: ${ALLOWED_METHODS.join(', ')}\r\n` : '';
  socket.end(`HTTP/1.1 ${refusal.status} ${reason}\r\n${allow}connection: close\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(refusal.text)}\r\n\r\n${refusal.text}`);
}

/** A request's body as text, or null when it is larger than MAX_BODY_BYTES (the rest is not read). */
function readBody(req: IncomingMessage): Promise<string | null> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else {
        req.removeAllListeners('data');
        req.pause();
        resolve(null);
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Sends a whole body (none to a HEAD request). */
export function sendBody(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: Buffer | string): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  answeredInFront(res);
  res.writeHead(status, { ...headers, 'content-length': String(bytes.byteLength) });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** The request's path, decoded; null when it does not decode. */
export function pathOf(req: IncomingMessage): string | null {
  try {
    return decodeURIComponent(new URL(req.url ?? '/', 'http://server').pathname);
  } catch {
    return null;
  }
}
