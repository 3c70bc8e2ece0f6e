/**
 * The download until the first move can be made (prints figures, asserts nothing, builds nothing):
 *
 *   npx vite build && npx tsx scripts/measure-download.ts
 *
 * Starting from dist/index.html, follows every file of dist/ a fetched file names (module scripts,
 * stylesheets, static and dynamic imports, the AI worker's URL): the page fetches all of them
 * before the first move, except the `later-` chunks (vite.config.ts: fetched when asked for; the
 * script fails if one is imported statically, as the page would then fetch it at start), and one of
 * the baked start throws (src/scene/throwFile.ts: a round's seed picks one; counted here as the
 * largest, throw-00). Prints each HTML/JS/CSS/wasm file's raw size and the sizes the game server sends (src/server/front/appFiles.ts): the build's brotli
 * copy (`.br`) to a browser that takes brotli, its gzip copy (`.gz`) to one that takes only gzip,
 * the file itself where the build made no copy (under 1 KB). Sizes are in KB of 1,024 bytes.
 *
 * With --served (after `npx vite build`): also starts the game server with the built app
 * (`--app dist`, from the sources), loads the page in headless Chromium until it is settled (the
 * start throw over, the first move possible), and prints what came over the wire: every request,
 * the worker's included, with its body as sent and its headers. The page is a newcomer's (no
 * query: you against computers of the first game's level, engine help hidden) unless `--search`
 * gives another (`--search '?seats=human,human&seed=3'`: hot-seat, with engine help and its search).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchChromium, openApp } from '../test/browser/harness';
import { startServerProcess } from './serverProcess';
import { arg } from './args';

/** Chunks fetched only when asked for (another language, the New-game dialog, online play). */
const LATER = 'later-';
const COUNTED = /\.(html|js|css|wasm)$/;

const dist = resolve('dist');
const assets = (() => {
  try {
    return readdirSync(resolve(dist, 'assets')).filter((name) => COUNTED.test(name));
  } catch {
    throw new Error(`no built app in ${dist}/assets: run \`npx vite build\` first`);
  }
})();

const read = (file: string) => readFileSync(resolve(dist, file));
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);

/** Files reachable from index.html, each with the file that first named it. */
function fetchedFiles(): Map<string, string> {
  const reached = new Map<string, string>([['index.html', '(page)']]);
  const queue = ['index.html'];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const text = read(file).toString('utf8');
    for (const name of assets) {
      const path = `assets/${name}`;
      if (reached.has(path) || !text.includes(name)) continue;
      if (name.startsWith(LATER)) {
        if (new RegExp(`(from|import)\\s*["'\`]\\./${name}`).test(text)) throw new Error(`${file} imports ${name} statically: the page would fetch it at start`);
        continue;
      }
      reached.set(path, file);
      queue.push(path);
    }
  }
  return reached;
}

/** The bytes sent of `file`: its compressed copy with `suffix` when the build made one, else the file. */
const sent = (file: string, suffix: '.br' | '.gz') => {
  const copy = resolve(dist, file + suffix);
  return statSync(existsSync(copy) ? copy : resolve(dist, file)).size;
};

const reached = fetchedFiles();
// The start throw the page fetches: one of the baked throws, the largest counted.
const startThrow = 'throws/throw-00.json';
if (!existsSync(resolve(dist, startThrow))) throw new Error(`no baked start throw ${startThrow} in ${dist}: bake them (npm run bake:throws) and build`);
reached.set(startThrow, '(a round\'s seed: one of the baked throws)');
if (!existsSync(resolve(dist, `${startThrow}.br`))) throw new Error('no brotli copies in dist/: the build makes them (vite.config.ts)');
const total = { raw: 0, brotli: 0, gzip: 0 };
console.log(`${'file'.padEnd(36)} ${'raw KB'.padStart(8)} ${'br KB'.padStart(8)} ${'gzip KB'.padStart(8)}  named by`);
for (const [file, referrer] of reached) {
  const [raw, brotli, gzip] = [read(file).length, sent(file, '.br'), sent(file, '.gz')];
  total.raw += raw;
  total.brotli += brotli;
  total.gzip += gzip;
  console.log(`${file.padEnd(36)} ${kb(raw)} ${kb(brotli)} ${kb(gzip)}  ${referrer}`);
}
console.log(`${'total until the first move'.padEnd(36)} ${kb(total.raw)} ${kb(total.brotli)} ${kb(total.gzip)}  (${reached.size} files)`);
const notCounted = assets.filter((name) => !reached.has(`assets/${name}`));
if (notCounted.length > 0) console.log(`not counted (fetched on user action or never): ${notCounted.join(', ')}`);

if (process.argv.includes('--served')) await measureServed();

/** The bytes one cold page load fetches from `npm run serve`'s server until the page is settled. */
async function measureServed(): Promise<void> {
  const server = await startServerProcess(['--import', 'tsx', 'src/server/main.ts', '--app', 'dist', '--port', '0', '--host', '127.0.0.1'], { ROLIT_DATA: resolve('node_modules/.cache/rolit-measure-download') });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 960, height: 640 } });
    const fetched: { url: string; body: number; headers: number; encoding: string }[] = [];
    context.on('requestfinished', (request) => {
      void (async () => {
        const [sizes, response] = [await request.sizes(), await request.response()];
        const encoding = (await response?.headerValue('content-encoding')) ?? 'none';
        // The worker's script reports no body size to the page: its length as sent says it.
        const length = Number((await response?.headerValue('content-length')) ?? 0);
        fetched.push({ url: new URL(request.url()).pathname, body: Math.max(sizes.responseBodySize, length), headers: sizes.responseHeadersSize, encoding });
      })();
    });
    const { page } = await openApp(browser, { url: `${server.origin}/`, close: async () => undefined }, arg('search', ''), undefined, { context });
    await page.evaluate(() => window.rolit!.settled());
    const body = fetched.reduce((sum, f) => sum + f.body, 0);
    const headers = fetched.reduce((sum, f) => sum + f.headers, 0);
    console.log(`\nserved by the game server until the page ${arg('search', '') || '(a newcomer\'s)'} is settled (${fetched.length} requests):`);
    for (const f of fetched.sort((a, b) => b.body - a.body)) console.log(`${f.url.padEnd(45)} ${kb(f.body)} KB  ${f.encoding}`);
    console.log(`${'bodies as sent'.padEnd(45)} ${kb(body)} KB; with headers ${kb(body + headers).trim()} KB`);
  } finally {
    await browser.close();
    await server.kill();
  }
}
