/**
 * The built app (dist/) served by the game server on its own port (`npm run serve`): the page and
 * the rooms on one origin, so the page finds its rooms without being told where. A GET of `/` or
 * of a file of the directory is the app's (nothing outside it, no listing, no dotfiles); every
 * other request goes on (records, matchmaking, WebSockets). Vite's hashed `assets/` are cached
 * for good, the rest revalidated. Files are sent by serve-static; the front compresses them.
 */
import { sep } from 'node:path';
import type { ServerResponse } from 'node:http';
import serveStatic from 'serve-static';
import { answeredInFront, type FrontHandler } from './front';

export function appFiles(dir: string): FrontHandler {
  const serve = serveStatic(dir, {
    index: 'index.html',
    redirect: false, // a directory is not the app's: no redirect to its slash
    setHeaders(res: ServerResponse, path: string) {
      answeredInFront(res);
      const hashed = path.includes(`${sep}assets${sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
  return (req, res) =>
    new Promise<boolean>((resolve, reject) => {
      res.once('close', () => resolve(true));
      // serve-static calls on (fallthrough) when the request names no file of the directory.
      serve(req, res, (error?: unknown) => (error ? reject(error) : resolve(false)));
    });
}
