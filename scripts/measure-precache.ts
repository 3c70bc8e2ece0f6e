/**
 * What the service worker downloads after the first load (prints figures, asserts nothing):
 *
 *   npm run measure:precache        (builds first; `npx tsx scripts/measure-precache.ts` on a build)
 *
 * Starts the game server with the built app (`--app dist`, from the sources) on a loopback port,
 * loads the page once in headless Chromium with service workers allowed until the worker controls
 * it (it has kept every file of the build: docs/app.md, Install and offline), and prints the
 * requests of the page and of the worker with their bodies as sent. The worker's own are what
 * installing the app costs beyond the first load; `npm run size` counts the whole precache.
 */
import { resolve } from 'node:path';
import { launchChromium, openApp, waitForScene } from '../test/browser/harness';
import { startServerProcess } from './serverProcess';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const server = await startServerProcess(['--import', 'tsx', 'src/server/main.ts', '--app', 'dist', '--port', '0', '--host', '127.0.0.1'], { ROLIT_DATA: resolve('node_modules/.cache/rolit-measure-precache') });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 960, height: 640 } });
    const fetched: { url: string; worker: boolean; body: number }[] = [];
    context.on('requestfinished', (request) => {
      void request.sizes().then((sizes) => fetched.push({ url: new URL(request.url()).pathname, worker: request.serviceWorker() !== null, body: sizes.responseBodySize }));
    });
    const { page } = await openApp(browser, { url: `${server.origin}/`, close: async () => undefined }, '?seats=human,ai:beginner&seed=3&speed=instant', undefined, { context });
    await waitForScene(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 180_000 });
    // The last requests' sizes come in after the worker has taken control.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 1000)));
    for (const [who, rows] of [['the page', fetched.filter((f) => !f.worker)], ['the service worker', fetched.filter((f) => f.worker)]] as const) {
      console.log(`\n${who}: ${rows.length} requests, ${kb(rows.reduce((sum, f) => sum + f.body, 0))} of bodies as sent`);
      for (const f of [...rows].sort((a, b) => b.body - a.body)) console.log(`  ${f.url.padEnd(50)} ${kb(f.body).padStart(9)}`);
    }
  } finally {
    await browser.close();
    await server.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
