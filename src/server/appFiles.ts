/**
 * The built app (dist/) served by the game server on its own port (`npm run serve`): the page and
 * the rooms on one origin, so the page finds its rooms without being told where. A GET of `/` or
 * of a file of the directory is the app's (nothing outside it, no listing); every other request
 * goes on to Colyseus (matchmaking, records, WebSockets). Vite's hashed `assets/` are cached for
 * good, the rest revalidated; text files go gzipped to clients that take it.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join as joinPath, resolve as resolvePath, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSED = /^(text\/|application\/(json|wasm|manifest)|image\/svg)/;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the app's files in front of the request listeners `http` has (Colyseus', attached when it
 * listened): they get every request that is not a GET or HEAD of one of the app's files.
 */
export function serveAppFiles(http: HttpServer, dir: string): void {
  const root = resolvePath(dir);
  const assets = joinPath(root, 'assets') + sep;
  const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();
  const others = http.listeners('request') as Handler[];
  http.removeAllListeners('request');
  const passOn: Handler = (req, res) => {
    for (const listener of others) listener.call(http, req, res);
  };

  /** The app's file a path names, or null. */
  async function fileOf(url: string): Promise<{ path: string; mtimeMs: number } | null> {
    let relative: string;
    try {
      relative = decodeURIComponent(new URL(url, 'http://app').pathname);
    } catch {
      return null;
    }
    if (relative === '/') relative = '/index.html';
    if (relative.includes('\0')) return null;
    const path = resolvePath(joinPath(root, relative));
    if (!path.startsWith(root + sep)) return null;
    const info = await stat(path).catch(() => null);
    return info?.isFile() ? { path, mtimeMs: info.mtimeMs } : null;
  }

  async function send(req: IncomingMessage, res: ServerResponse, file: { path: string; mtimeMs: number }): Promise<void> {
    const type = TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream';
    res.setHeader('content-type', type);
    res.setHeader('cache-control', file.path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('x-content-type-options', 'nosniff');
    let body: Buffer;
    if (COMPRESSED.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let cached = gzipped.get(file.path);
      if (!cached || cached.mtimeMs !== file.mtimeMs) {
        cached = { mtimeMs: file.mtimeMs, body: gzipSync(await readFile(file.path)) };
        gzipped.set(file.path, cached);
      }
      body = cached.body;
      res.setHeader('content-encoding', 'gzip');
      res.setHeader('vary', 'accept-encoding');
    } else {
      body = await readFile(file.path);
    }
    res.setHeader('content-length', body.byteLength);
    res.writeHead(200);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return passOn(req, res);
    fileOf(req.url ?? '/')
      .then((file) => (file ? send(req, res, file) : passOn(req, res)))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
}
