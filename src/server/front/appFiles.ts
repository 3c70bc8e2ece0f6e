/**
 * The built app (dist/) served by the game server on its own port (`npm run serve`): the page and
 * the rooms on one origin, so the page finds its rooms without being told where. A GET of `/` or
 * of a file of the directory is the app's (nothing outside it, no listing, no dotfiles); every
 * other request goes on (records, matchmaking, WebSockets). Vite's hashed `assets/` are cached
 * for good, the rest revalidated.
 *
 * Files are sent by sirv, which lists the directory once, at start (a new build needs a restart).
 * The build writes each file's brotli (quality 11) and gzip copies beside it (vite.config.ts):
 * sirv sends the brotli one to a browser that takes it, else the gzip one, else the file. That
 * smallest copy is what the byte budget counts (`npm run size`). What has no copy (a small file)
 * the front compresses as it goes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';
import { answeredInFront, type FrontHandler } from './front';

export function appFiles(dir: string): FrontHandler {
  const serve = sirv(dir, {
    brotli: true,
    gzip: true,
    etag: true,
    extensions: ['html'], // `/` is index.html
    setHeaders(res: ServerResponse, pathname: string) {
      answeredInFront(res);
      const hashed = pathname.startsWith('/assets/');
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
  return (req: IncomingMessage, res: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      res.once('close', () => resolve(true));
      // sirv calls on when the request names no file of the directory.
      serve(req, res, () => resolve(false));
    });
}
