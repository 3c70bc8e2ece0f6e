/**
 * Screenshots of every screen, to look at (asserts nothing): the built app in headless Chromium,
 * each screen written to test-artifacts/screens/<name>.png.
 *
 *   npm run screenshots [-- --only laptop]     (only the screens whose name contains "laptop")
 *
 * The laptop (1280x800) in the five languages with a game under way and its settings menu open,
 * the phone held upright (390x844) and sideways (844x390), the new-game dialog, a replay, a watched
 * computer game, and the end of a round (the count on the board, then the result). Online, in the
 * five languages: a table against three computers as its player sees it on a laptop at their turn
 * (online-player-<language>), and as a spectator sees it on a phone (online-spectator-<language>),
 * on a game server this script starts on a loopback port and stops after.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { readRecord } from '../src/engine/index';
import { ARTIFACTS, launchChromium, openRecordByPaste, type Served, serveBuiltApp, socketPosition, waitForScene, waitSettled } from '../test/browser/harness';
import { arg } from './args';
import { type ServerProcess, startServerProcess } from './serverProcess';

const OUT = resolve(ARTIFACTS, 'screens');
const ONLY = arg('only', '');
const LAPTOP = { width: 1280, height: 800 };
const PHONE_UPRIGHT = { width: 390, height: 844 };
const PHONE_SIDEWAYS = { width: 844, height: 390 };
const AGAINST_COMPUTERS = '?seats=human,ai:beginner,ai:beginner,ai:beginner&seed=5&speed=instant';
const LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-FR', de: 'de-DE', nl: 'nl-NL', it: 'it-IT' };

interface Screen {
  name: string;
  viewport: { width: number; height: number };
  locale?: string;
  search: string;
  /** Brings the page to the screen to photograph, after the 3D view has drawn. */
  prepare?: (page: Page) => Promise<void>;
}

/** Plays the player's first legal move `count` times, each followed by the computers' replies (settled: the player's turn again). */
async function playMoves(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const record = await page.evaluate(() => window.rolit.state().record);
    const legal = readRecord(record).game.legalMoves();
    if (legal.length === 0) return;
    // A click on the socket (the accessible grid's labels are in the page's language).
    const at = await socketPosition(page, legal[0]);
    await page.mouse.click(at.x, at.y);
    await waitSettled(page, 180_000);
  }
}

/** Opens the settings menu (the bar's menu button). */
async function openMenu(page: Page): Promise<void> {
  await page.getByTestId('menu-button').click();
}

const screens: Screen[] = [
  ...Object.entries(LOCALES).flatMap(([language, locale]): Screen[] => [
    { name: `laptop-${language}`, viewport: LAPTOP, locale, search: AGAINST_COMPUTERS, prepare: (page) => playMoves(page, 2) },
    { name: `laptop-${language}-menu`, viewport: LAPTOP, locale, search: AGAINST_COMPUTERS, prepare: openMenu },
  ]),
  {
    name: 'laptop-fr-new-game',
    viewport: LAPTOP,
    locale: 'fr-FR',
    search: AGAINST_COMPUTERS,
    prepare: (page) => page.getByRole('button', { name: JSON.parse(readFileSync('src/i18n/locales/fr/hud.json', 'utf8')).newGame, exact: true }).click(),
  },
  { name: 'phone-upright', viewport: PHONE_UPRIGHT, search: AGAINST_COMPUTERS, prepare: (page) => playMoves(page, 2) },
  { name: 'phone-upright-menu', viewport: PHONE_UPRIGHT, search: AGAINST_COMPUTERS, prepare: openMenu },
  { name: 'phone-sideways', viewport: PHONE_SIDEWAYS, search: AGAINST_COMPUTERS, prepare: (page) => playMoves(page, 2) },
  {
    name: 'laptop-replay',
    viewport: LAPTOP,
    search: '?seats=human,human&seed=1&speed=instant',
    prepare: async (page) => {
      await openRecordByPaste(page, readFileSync('test/fixtures/records/four-players.rolit', 'utf8'));
      await page.keyboard.press('Home');
      for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    },
  },
  {
    name: 'laptop-watch',
    viewport: LAPTOP,
    search: '?seats=ai:tactician,ai:greedy,ai:beginner,ai:strategist&seed=8&speed=4',
    prepare: (page) => page.waitForFunction(() => window.rolit.state().moves.length >= 20, undefined, { timeout: 300_000 }).then(() => undefined),
  },
  {
    name: 'laptop-round-count',
    viewport: LAPTOP,
    search: '?seats=ai:greedy,ai:beginner&size=6&seed=3&speed=4',
    prepare: async (page) => {
      await page.waitForSelector('[data-testid=round-count]', { timeout: 600_000 });
    },
  },
  {
    name: 'laptop-round-over',
    viewport: LAPTOP,
    search: '?seats=ai:greedy,ai:beginner&size=6&seed=3&speed=instant',
    prepare: async (page) => {
      await page.getByTestId('round-over').waitFor({ timeout: 600_000 });
    },
  },
];

async function photograph(browser: Browser, served: Served, screen: Screen): Promise<void> {
  const started = Date.now();
  const phone = screen.viewport.width < 900 && screen.viewport !== LAPTOP;
  const context = await browser.newContext({ viewport: screen.viewport, locale: screen.locale ?? 'en-GB', isMobile: phone, hasTouch: phone });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      if (localStorage.getItem('rolit.settings.v1') === null) localStorage.setItem('rolit.settings.v1', JSON.stringify({ rulesSeen: true }));
    });
    await page.goto(`${served.url}${screen.search}`);
    await page.waitForFunction(() => typeof window.rolit?.state === 'function');
    await waitForScene(page, 180_000);
    await waitSettled(page, 180_000).catch(() => undefined); // a watched game never settles: photograph it as it plays
    await screen.prepare?.(page);
    await page.screenshot({ path: resolve(OUT, `${screen.name}.png`), timeout: 120_000 });
    console.log(`${screen.name}.png  ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    console.log(`${screen.name}: not taken (${(error as Error).message.split('\n')[0]})`);
    process.exitCode = 1;
  } finally {
    await context.close();
  }
}

/**
 * An online table in the page's `language`: a laptop page creates a room from New game (a person and
 * three computers) and starts it, and is photographed at its turn; a phone opening the room's link
 * then watches it, and is photographed at the same turn.
 */
async function photographOnline(browser: Browser, served: Served, server: ServerProcess, language: string): Promise<void> {
  const started = Date.now();
  const locale = LOCALES[language];
  const newGame = JSON.parse(readFileSync(`src/i18n/locales/${language}/hud.json`, 'utf8')).newGame;
  const player = await browser.newContext({ viewport: LAPTOP, locale });
  const spectator = await browser.newContext({ viewport: PHONE_UPRIGHT, locale, isMobile: true, hasTouch: true });
  const names = [`online-player-${language}`, `online-spectator-${language}`];
  try {
    for (const context of [player, spectator]) {
      await context.addInitScript(() => {
        if (localStorage.getItem('rolit.settings.v1') === null) localStorage.setItem('rolit.settings.v1', JSON.stringify({ rulesSeen: true }));
      });
    }
    const host = await player.newPage();
    await host.goto(`${served.url}?seats=human,ai:greedy,ai:greedy,ai:greedy&seed=5&server=127.0.0.1:${server.port}`);
    await waitForScene(host, 180_000);
    await host.getByRole('button', { name: newGame, exact: true }).click();
    await host.getByTestId('create-room').click();
    await host.getByTestId('start-online').click({ timeout: 60_000 });
    const room = await host.evaluate(() => window.rolit.online()?.room);
    // The player's turn: the round waits for their move, the computers' before it played.
    await host.waitForFunction(() => window.rolit.state().shown.toMove === window.rolit.online()?.colour, undefined, { timeout: 180_000 });
    await waitSettled(host, 180_000);
    await host.screenshot({ path: resolve(OUT, `${names[0]}.png`), timeout: 120_000 });
    console.log(`${names[0]}.png  ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const watcher = await spectator.newPage();
    await watcher.goto(`${served.url}?room=${room}&server=127.0.0.1:${server.port}`);
    await waitForScene(watcher, 180_000);
    // The same position: the round waits for the player's move.
    await watcher.waitForFunction(() => window.rolit.online()?.colour === '' && window.rolit.state().shown.toMove !== null, undefined, { timeout: 180_000 });
    await waitSettled(watcher, 180_000);
    await watcher.screenshot({ path: resolve(OUT, `${names[1]}.png`), timeout: 120_000 });
    console.log(`${names[1]}.png  ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    console.log(`${names.join(', ')}: not all taken (${(error as Error).message.split('\n')[0]})`);
    process.exitCode = 1;
  } finally {
    await spectator.close();
    await player.close();
  }
}

/** The online screens wanted (by --only), by language. */
const ONLINE = Object.keys(LOCALES).filter((language) => [`online-player-${language}`, `online-spectator-${language}`].some((name) => name.includes(ONLY)));

mkdirSync(OUT, { recursive: true });
const served = await serveBuiltApp();
const browser = await launchChromium();
try {
  for (const screen of screens) if (screen.name.includes(ONLY)) await photograph(browser, served, screen);
  if (ONLINE.length > 0) {
    const dataDir = await mkdtemp(join(tmpdir(), 'rolit-screens-'));
    const server = await startServerProcess(['--import', 'tsx', 'src/server/main.ts', '--port', '0', '--host', '127.0.0.1', '--data', dataDir, '--threads', '1', '--computer-delay', '300', '--limits', 'off']);
    try {
      for (const language of ONLINE) await photographOnline(browser, served, server, language);
    } finally {
      await server.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  await served.close();
}
