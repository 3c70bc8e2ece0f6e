/**
 * The installable app (docs/app.md, "Install and offline"), served as `npm run serve` serves it:
 * the game server with the built app on one loopback origin (a secure context, so the service
 * worker registers), in a browser context that allows service workers (the harness blocks them
 * elsewhere). The manifest and its icons; the worker in control after the first load; with the
 * network cut and the server gone, a reload that brings the game back and plays against the
 * computer (the AI's worker script from the cache) with every file of the build at hand, online
 * play (the Play online dialog, TV) saying it needs the network and coming back by itself; a new
 * version deployed while a game is in play: announced, the old version whole until the player
 * reloads, then the new one with nothing lost; and for a page without a worker, a part of it gone
 * from the server after a deploy: the page stays whole and announces the new version.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../src/engine/index';
import { startTestServer, type TestServer } from '../server/helpers';
import { useBuiltApp } from './builtApp';
import { openApp, playByGrid, rolitState, screenshot, waitForHandle, waitForScene, waitSettled } from './harness';

const app = useBuiltApp();
const GAME = '?seats=human,ai:beginner&seed=5&speed=instant';

let server: TestServer;
let port = 0;
/** The game server with the built app in `dir`, on this test's port once it has one. */
async function serve(dir: string): Promise<void> {
  server = await startTestServer({ appDir: dir, port, tvMoveMs: 250, tvLevels: ['beginner', 'beginner', 'beginner', 'beginner'] });
  port = server.port;
}
/** The server stopped and started again on its port with the build in `dir`, as a deploy does. */
async function deploy(dir: string): Promise<void> {
  await server.close();
  await serve(dir);
}
const served = () => ({ url: `${server.endpoint}/`, close: async () => undefined });

/** The second build's folder, and its build (started at once, awaited by the tests that deploy it). */
let next = '';
let secondBuild: Promise<void>;
beforeAll(async () => {
  next = await mkdtemp(join(tmpdir(), 'rolit-next-'));
  secondBuild = buildMarked(next);
  secondBuild.catch(() => undefined); // said by the test that awaits it
  await serve('dist');
});
afterAll(async () => {
  await server?.close();
  await secondBuild?.catch(() => undefined);
  if (next) await rm(next, { recursive: true, force: true });
});

/** The second build, ready, and the script of the New-game dialog that only the first build has (the second names it otherwise). */
async function secondVersion(): Promise<string> {
  await secondBuild;
  const gone = (await readdir('dist/assets')).find((name) => name.startsWith('later-NewGameDialog-') && name.endsWith('.js'))!;
  expect((await readdir(join(next, 'assets'))).includes(gone), `${gone} in the second build`).toBe(false);
  return gone;
}

/** A context whose pages the app's service worker may control. */
const workerContext = () => app.browser.newContext({ serviceWorkers: 'allow', viewport: { width: 960, height: 640 } });

/** Waits until a service worker controls the page: it has kept every file of the build (it takes control once installed). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
}

/** Plays the first legal move through the accessible grid and waits for the computer's reply. */
async function playAgainstComputer(page: Page): Promise<string[]> {
  await waitSettled(page);
  const before = await rolitState(page);
  await playByGrid(page, readRecord(before.record).game.legalMoves()[0]);
  await page.waitForFunction((n) => window.rolit.state().moves.length >= n + 2, before.moves.length, { timeout: 120_000 });
  await waitSettled(page);
  return (await rolitState(page)).moves;
}

/** What the page's server answers for `path` (the test's own request, past any service worker). */
const status = async (context: BrowserContext, path: string) => (await context.request.get(`${server.endpoint}${path}`)).status();

describe('the installable app', { timeout: 600_000 }, () => {
  it('links a manifest with its icons, a worker controls the page after its first load, and offline a reload plays on', async () => {
    const context = await workerContext();
    const { page, errors } = await openApp(app.browser, served(), GAME, undefined, { context, engineHelp: false });

    // The manifest: what a browser installs.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.en.webmanifest');
    const manifest = await (await context.request.get(`${server.endpoint}${href}`)).json();
    expect(manifest).toMatchObject({ name: 'Rolit 3D', short_name: 'Rolit', start_url: '/', display: 'standalone', lang: 'en' });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    for (const icon of icons) {
      const png = PNG.sync.read(await (await context.request.get(`${server.endpoint}${icon.src}`)).body());
      expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
    }
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    // The worker takes control once the first load is over, having kept every file.
    await waitForScene(page);
    await controlled(page);
    const played = await playAgainstComputer(page);

    // The network cut and the server gone: the reload is the worker's, the game comes back and plays on.
    await context.setOffline(true);
    await server.close();
    await page.reload();
    await waitForHandle(page);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await waitForScene(page);
    expect((await rolitState(page)).moves).toEqual(played);
    const offline = await playAgainstComputer(page);
    expect(offline.length).toBe(played.length + 2);
    await screenshot(page, 'offline-reload');
    // Every file of the build is there: the other languages, the dialogs, online play's code.
    const assets = (await readdir('dist/assets')).filter((name) => !/\.(br|gz)$/.test(name));
    const fetched = await page.evaluate((names) => Promise.all(names.map((name) => fetch(`/assets/${name}`).then((r) => r.status, () => 0))), assets);
    expect(Object.fromEntries(assets.map((name, i) => [name, fetched[i]]))).toEqual(Object.fromEntries(assets.map((name) => [name, 200])));

    // Online play says it needs the network, and comes back by itself when the network returns.
    await page.getByTestId('menu-button').click();
    await page.getByRole('button', { name: 'Play online' }).first().click();
    const dialog = page.getByTestId('play-online-dialog');
    await dialog.getByTestId('play-online-offline').waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('play-online-offline').textContent()).toContain('No network: online play');
    expect(await dialog.getByTestId('quick-start').isDisabled()).toBe(true);
    await screenshot(page, 'offline-play-online');
    // TV opened in another tab: it says it needs the network.
    const tv = await openApp(app.browser, served(), '?tv', undefined, { context, webgl: false });
    const failure = tv.page.getByTestId('online-failure');
    await failure.waitFor({ timeout: 60_000 });
    expect(await failure.getAttribute('data-offline')).toBe('true');
    expect(await failure.textContent()).toContain('No network: online play needs one. The room comes back by itself');

    // The network back (and the server): the open tables and TV come back by themselves.
    await serve('dist');
    await context.setOffline(false);
    await dialog.getByTestId('play-online-offline').waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => dialog.getByTestId('open-tables').getAttribute('data-status'), { timeout: 60_000 }).toBe('open');
    expect(await dialog.getByTestId('quick-start').isDisabled()).toBe(false);
    await tv.page.waitForFunction(() => window.rolit.online()?.status === 'open' && window.rolit.online()?.phase === 'playing', undefined, { timeout: 60_000 });
    // Only the requests the cut network refused.
    for (const seen of [errors, tv.errors]) expect(seen.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });

  it('a new version deployed while a game is in play is announced, and taken on Reload with nothing lost', async () => {
    const context = await workerContext();
    const { page, errors } = await openApp(app.browser, served(), GAME, undefined, { context, webgl: false, engineHelp: false });
    await controlled(page);
    const played = await playAgainstComputer(page);

    // Deployed: the server now has the second build only.
    const gone = await secondVersion();
    await deploy(next);
    expect(await status(context, `/assets/${gone}`)).toBe(404);
    // The browser asks for a new version at each load and every hour; here, now.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const notice = page.getByTestId('update-ready');
    await notice.waitFor({ timeout: 120_000 });
    expect(await notice.textContent()).toContain('A new version is ready: reload to use it.');
    await screenshot(page, 'update-ready');

    // Until the player reloads, the old version plays on whole: a move, and a dialog whose script the server no longer has.
    const more = await playAgainstComputer(page);
    expect(more.length).toBe(played.length + 2);
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('dialog', { name: 'New game' }).waitFor({ timeout: 60_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'New game' }).waitFor({ state: 'hidden' });

    // Reload: the new version, the game as it was, and it plays on.
    await Promise.all([page.waitForEvent('load', { timeout: 120_000 }), page.getByTestId('update-reload').click()]);
    await waitForHandle(page);
    expect(await page.locator('meta[name="rolit-build"]').getAttribute('content')).toBe('second');
    expect((await rolitState(page)).moves).toEqual(more);
    expect(await notice.count()).toBe(0);
    const after = await playAgainstComputer(page);
    expect(after.length).toBe(more.length + 2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a page without a worker whose part is gone after a deploy stays whole, announces the new version and reloads into it', async () => {
    await deploy('dist');
    // Service workers refused (the harness's default), as in a browser without them.
    const { page, errors } = await openApp(app.browser, served(), GAME, undefined, { webgl: false, engineHelp: false });
    const played = await playAgainstComputer(page);
    await secondVersion();
    await deploy(next);
    // The New-game dialog's script is gone: no dialog, the game not left paused, the page whole, the new version announced.
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByTestId('update-ready').waitFor({ timeout: 60_000 });
    expect(await page.getByRole('dialog', { name: 'New game' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New game' }).isVisible()).toBe(true);
    expect((await rolitState(page)).moves).toEqual(played);
    expect(await playAgainstComputer(page)).toHaveLength(played.length + 2);
    await Promise.all([page.waitForEvent('load', { timeout: 120_000 }), page.getByTestId('update-reload').click()]);
    await waitForHandle(page);
    expect(await page.locator('meta[name="rolit-build"]').getAttribute('content')).toBe('second');
    expect((await rolitState(page)).moves).toHaveLength(played.length + 2);
    // What failed is said in the console: the missing script (the browser's words and React's) and the part left out.
    expect(errors.filter((e) => !/Failed to load resource|Failed to fetch dynamically imported module|a part of the page could not be loaded/.test(e))).toEqual([]);
    expect(errors.some((e) => /a part of the page could not be loaded/.test(e))).toBe(true);
    await page.close();
  });
});

/** Builds the app into `outDir` as `npx vite build` does (a production build: not under vitest's NODE_ENV), marked as a second version. */
async function buildMarked(outDir: string): Promise<void> {
  const env = { ...process.env };
  delete env.NODE_ENV;
  const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'test/browser/secondBuild.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the second build failed (${code}):\n${output}`);
}
