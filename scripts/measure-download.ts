/**
 * The download until the first move can be made (prints figures, asserts nothing, builds nothing):
 *
 *   npx vite build && npx tsx scripts/measure-download.ts
 *
 * Starting from dist/index.html, follows every file of dist/ a fetched file names (module scripts,
 * stylesheets, static and dynamic imports, the AI worker's URL): the page fetches all of them
 * before the first move, except the `later-` chunks (vite.config.ts: fetched when asked for; the
 * script fails if one is imported statically, as the page would then fetch it at start). Prints each HTML/JS/CSS/wasm
 * file's raw size and the sizes the game server sends (src/server/appFiles.ts): the build's brotli
 * copy (`.br`) to a browser that takes brotli, its gzip copy (`.gz`) to one that takes only gzip,
 * the file itself where the build made no copy (under 1 KB). Sizes are in KB of 1,024 bytes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

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
if (!existsSync(resolve(dist, 'index.html.br'))) throw new Error('no index.html.br in dist/: the build makes the compressed copies (vite.config.ts)');
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
