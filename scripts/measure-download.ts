/**
 * The download until the first move can be made (prints figures, asserts nothing, builds nothing):
 *
 *   npx vite build && npx tsx scripts/measure-download.ts
 *
 * Starting from dist/index.html, follows every file of dist/ a fetched file names (module scripts,
 * stylesheets, static and dynamic imports, the AI worker's URL): the page fetches all of them
 * before the first move, except the `later-` chunks (vite.config.ts: fetched when asked for; the
 * script fails if one is imported statically, as the page would then fetch it at start). Prints each HTML/JS/CSS/wasm
 * file's raw and gzip size (node:zlib, level 9, as a server compressing statically would) and the
 * total. Sizes are in KB of 1,024 bytes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

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

const reached = fetchedFiles();
let raw = 0;
let gzip = 0;
console.log(`${'file'.padEnd(36)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}  named by`);
for (const [file, referrer] of reached) {
  const bytes = read(file);
  const compressed = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += compressed;
  console.log(`${file.padEnd(36)} ${kb(bytes.length)} ${kb(compressed)}  ${referrer}`);
}
console.log(`${'total until the first move'.padEnd(36)} ${kb(raw)} ${kb(gzip)}  (${reached.size} files)`);
const notCounted = assets.filter((name) => !reached.has(`assets/${name}`));
if (notCounted.length > 0) console.log(`not counted (fetched on user action or never): ${notCounted.join(', ')}`);
