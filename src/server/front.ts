/**
 * HTTP answers the server gives itself, in front of Colyseus' request listener: the records and
 * the built app. Not through Colyseus' router, whose node adapter stalls on a body larger than the
 * socket's buffer (it waits for `drain` and never ends the response), so a long list of records or
 * an app's script would never arrive. What the front answers goes gzipped to clients that take it
 * (the compression middleware); what it leaves for Colyseus goes untouched.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import compression from 'compression';

/** Answers a request it knows (true), or leaves it for the next (false) without touching `res`. */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** The responses a front handler answers: only these are compressed. */
const answered = new WeakSet<ServerResponse>();

/** Marks `res` as answered by a front handler, before its headers are sent. */
export function answeredInFront(res: ServerResponse): void {
  answered.add(res);
}

const compress = compression({ filter: (req, res) => answered.has(res) && compression.filter(req, res) });

/** Puts `handlers` in front of the request listeners `http` has (Colyseus', attached when it listened). */
export function putInFront(http: HttpServer, handlers: FrontHandler[]): void {
  const others = http.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  http.removeAllListeners('request');
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (req.method === 'GET' || req.method === 'HEAD') {
        await new Promise<void>((resolve, reject) => compress(req as never, res as never, (error?: unknown) => (error ? reject(error) : resolve())));
        for (const handler of handlers) if (await handler(req, res)) return;
      }
      for (const listener of others) listener.call(http, req, res);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
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
