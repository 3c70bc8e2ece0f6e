/**
 * `npm run serve`: one process, the server bundle `npm run build` makes run by plain Node, serves
 * the built app and its rooms on one port (PORT), and the page, loaded from it, finds its rooms on
 * its own origin. The app here is a stand-in for dist/ (an index.html and large hashed assets, one
 * with the brotli and gzip copies the build writes beside it, one without).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultServerPort, readOnlineParameters } from '../../src/app/online/onlineAddress';
import { type BuiltServer, buildServer, npmScripts, startBuiltServer } from './builtServer';
import { until, watch } from './helpers';

let dir: string;
let server: BuiltServer | null = null;
let origin = '';
let bundle = '';
const index = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
const script = `console.log(${JSON.stringify('x'.repeat(300_000))});\n`;
const sceneScript = `console.log(${JSON.stringify('y'.repeat(200_000))});\n`;

beforeAll(async () => {
  dir = await mkdtemp(joinPath(tmpdir(), 'rolit-serve-'));
  const app = joinPath(dir, 'dist');
  await mkdir(joinPath(app, 'assets'), { recursive: true });
  await writeFile(joinPath(app, 'index.html'), index);
  await writeFile(joinPath(app, 'assets', 'index-abc123.js'), script);
  await writeFile(joinPath(app, 'assets', 'scene-def456.js'), sceneScript);
  await writeFile(joinPath(app, 'assets', 'scene-def456.js.br'), brotliCompressSync(sceneScript));
  await writeFile(joinPath(app, 'assets', 'scene-def456.js.gz'), gzipSync(sceneScript));
  await writeFile(joinPath(dir, 'secret.txt'), 'not for the web');
  // The npm scripts: the build makes dist-server/ beside the app, serve runs it with Node.
  expect(npmScripts().build).toContain('vite build --config scripts/server.vite.config.ts');
  expect(npmScripts().serve).toBe('exec node dist-server/main.js --app dist');
  const built = await buildServer();
  bundle = built.dir;
  const entry = built.entry;
  server = await startBuiltServer(entry, ['--app', app, '--threads', '1'], { ROLIT_DATA: joinPath(dir, 'data'), ROLIT_COMPUTER_DELAY: '0' });
  expect(server.output()).toMatch(/serving the app/);
  origin = server.origin;
}, 60_000);

afterAll(async () => {
  await server?.kill();
  await rm(dir, { recursive: true, force: true });
  if (bundle) await rm(bundle, { recursive: true, force: true });
});

describe('npm run serve', () => {
  it('serves the app: index.html at /, its assets (large ones whole, gzipped or not), nothing outside it', async () => {
    for (const path of ['/', '/index.html', '/?room=7KQ2M9XB4T']) {
      const page = await fetch(origin + path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toBe(index);
    }
    const plain = await fetch(`${origin}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('cache-control')).toContain('immutable');
    expect(await plain.text()).toBe(script);
    // fetch would unzip on its own: read the bytes as sent.
    const zipped = await fetch(`${origin}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.byteLength < script.length ? gunzipSync(bytes).toString() : bytes.toString()).toBe(script);
    // fetch decodes on its own: node:http reads the bytes as sent.
    const sent = (encodings: string) =>
      new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
        get(`${origin}/assets/scene-def456.js`, { headers: { 'accept-encoding': encodings } }, (response) => {
          expect(response.headers['content-type']).toMatch(/javascript/);
          expect(response.headers['cache-control']).toContain('immutable');
          expect(response.headers.vary).toMatch(/accept-encoding/i);
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ encoding: response.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    // The build's copies: brotli where the browser takes it, gzip where it takes only that, else the file.
    const brotli = await sent('gzip, deflate, br, zstd');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(sceneScript);
    expect(brotli.bytes.byteLength).toBe(brotliCompressSync(sceneScript).byteLength);
    const gzip = await sent('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(sceneScript);
    const identity = await sent('identity');
    expect(identity.encoding).toBeUndefined();
    expect(identity.bytes.toString()).toBe(sceneScript);
    for (const path of ['/nothing.js', '/assets/scene-def456.js.br/x', '/.hidden', '/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await fetch(origin + path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('not for the web');
    }
    // The rooms' own HTTP routes are still the server's.
    expect(await (await fetch(`${origin}/records`)).json()).toEqual([]);
  });

  it('the page loaded from it finds its rooms on its own origin: a room is created and joined on the same port', async () => {
    const { endpoint } = readOnlineParameters('?room=7kq2m9xb4t', new URL(`${origin}/`), defaultServerPort({ DEV: false }));
    expect(endpoint).toBe(origin);
    const host = await new Client(endpoint).create('rolit', { name: 'Ann', colour: 'red', colours: ['red', 'green'] });
    const guest = await new Client(endpoint).joinById(host.roomId, { name: 'Bob', colour: 'green' });
    for (const room of [host, guest]) room.onMessage('*', () => undefined);
    await expect.poll(() => (host.state as any)?.seats?.[1]?.name, { timeout: 5000 }).toBe('Bob');
    await Promise.all([host.leave(), guest.leave()]);
  });

  it('plays computers from the built JavaScript: the computer thread starts without a TypeScript loader', async () => {
    const seats = [{ kind: 'computer', level: 'greedy' }, { kind: 'computer', level: 'greedy' }];
    const host = watch(await new Client(origin).create('rolit', { name: 'Eve', spectator: true, colours: ['red', 'green'], size: 4, seats }));
    host.room.send('start');
    await until(host.room, (st) => st.moves.length >= 2, 'two computer moves', 15_000);
    // A computer that cannot search still moves (the engine's fallback), and says so in the log.
    expect(server!.output()).not.toMatch(/computer move|computer thread/);
    await host.room.leave();
  });
});

describe('where the page looks for its rooms', () => {
  const page = new URL('https://rolit.example:8443/?room=X');
  it('the built app: its own origin, unless built with VITE_ROLIT_SERVER_PORT', () => {
    expect(readOnlineParameters('', page, defaultServerPort({ DEV: false })).endpoint).toBe('https://rolit.example:8443');
    expect(readOnlineParameters('', page, defaultServerPort({ DEV: false, VITE_ROLIT_SERVER_PORT: '3000' })).endpoint).toBe('https://rolit.example:3000');
  });
  it('under the dev server: its host on 2567 (npm start runs the game server there)', () => {
    expect(readOnlineParameters('', new URL('http://localhost:5173/'), defaultServerPort({ DEV: true })).endpoint).toBe('http://localhost:2567');
  });
  it('a server parameter wins', () => {
    expect(readOnlineParameters('?server=:9000', page, defaultServerPort({ DEV: false })).endpoint).toBe('https://rolit.example:9000');
  });
});
