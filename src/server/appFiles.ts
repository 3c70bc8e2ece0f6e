/**
 * The built app (dist/) served by the game server on its own port (`npm run serve`): the page and
 * the rooms on one origin, so the page finds its rooms without being told where. A GET of `/` or
 * of a file of the directory is the app's (nothing outside it, no listing); every other request
 * goes on (records, matchmaking, WebSockets). Vite's hashed `assets/` are cached for
 * good, the rest revalidated; text files go gzipped to clients that take it.
 */
import type { IncomingMessage } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join as joinPath, resolve as resolvePath, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type FrontHandler, pathOf, sendBody } from './front';

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

/** The app's files of `dir`: GET or HEAD of `/` (index.html) or of a file of the directory. */
export function appFiles(dir: string): FrontHandler {
  const root = resolvePath(dir);
  const assets = joinPath(root, 'assets') + sep;
  const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();

  /** The app's file a request names, or null. */
  async function fileOf(req: IncomingMessage): Promise<{ path: string; mtimeMs: number } | null> {
    let relative = pathOf(req);
    if (relative === null || relative.includes('\0')) return null;
    if (relative === '/') relative = '/index.html';
    const path = resolvePath(joinPath(root, relative));
    if (!path.startsWith(root + sep)) return null;
    const info = await stat(path).catch(() => null);
    return info?.isFile() ? { path, mtimeMs: info.mtimeMs } : null;
  }

  return async (req, res) => {
    const file = await fileOf(req);
    if (!file) return false;
    const type = TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': file.path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    };
    if (COMPRESSED.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let cached = gzipped.get(file.path);
      if (!cached || cached.mtimeMs !== file.mtimeMs) {
        cached = { mtimeMs: file.mtimeMs, body: gzipSync(await readFile(file.path)) };
        gzipped.set(file.path, cached);
      }
      sendBody(req, res, 200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' }, cached.body);
    } else {
      sendBody(req, res, 200, headers, await readFile(file.path));
    }
    return true;
  };
}
