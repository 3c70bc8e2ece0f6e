/**
 * Browser test harness: serves the BUILT app (dist/, made by `vite build` before the tests) with
 * `vite preview` on a free port and drives Debian's Chromium through playwright-core, with
 * SwiftShader for WebGL. Never downloads a browser.
 *
 * Clicking a socket needs its position on screen: the page provides it through the read-only
 * handle, window.rolit.socketScreenPosition(square), computed from the scene's own camera (the
 * same projection the renderer uses), so the tests click where a player would.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Download, type Locator, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { preview, type PreviewServer } from 'vite';
import { BOARD_FACE, BOARD_TOP, BOARD_WIDTH, MARGIN, PITCH } from '../../src/scene/layout';

export const CHROMIUM = '/usr/bin/chromium';
/**
 * Software WebGL (SwiftShader) in a headless Chromium. Every page of a run has the same origin: a GPU
 * process reset (its watchdog on a starved machine) must not make Chromium refuse that origin WebGL
 * for the rest of the run, as it does for a site whose pages were live when its GPU process crashed.
 */
export const CHROMIUM_ARGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--disable-background-networking', '--disable-domain-blocking-for-3d-apis', `--disable-features=${disabledFeatures().join(',')}`];

/**
 * The Chromium features turned off: Playwright's own (playwright-core 1.65's chromiumSwitches: a later
 * --disable-features replaces an earlier one, so its list is repeated here), and the address bar's
 * popups. Headless Chromium 156 builds each window's omnibox popups (two WebUI pages, about 1.5 s of
 * CPU) in a renderer of their own: with a window per browser context, every test's page started
 * beside them, on CI's two cores.
 */
function disabledFeatures(): string[] {
  const playwrights = ['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch'];
  return [...playwrights, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
}
export const ARTIFACTS = resolve('test-artifacts');

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** Serves a built app (dist/ unless another build's directory is given) on a free port of 127.0.0.1. */
export async function serveBuiltApp(outDir = 'dist'): Promise<Served> {
  const index = resolve(outDir, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: build the app first (npx vite build; npm test does it)`);
  const server: PreviewServer = await preview({ logLevel: 'silent', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false } });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview did not report its port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

/** Waits for Debian's Chromium (it may still be being installed by apt) and returns its path. */
export async function waitForChromium(waitMs = 120_000): Promise<string> {
  const until = Date.now() + waitMs;
  while (!existsSync(CHROMIUM)) {
    if (Date.now() > until) throw new Error(`${CHROMIUM} not found: apt-get install -y chromium (never download a browser)`);
    await sleep(1000);
  }
  return CHROMIUM;
}

/** Launches a Chromium of its own (scripts; a test needing other flags), once Debian's Chromium is there. */
export async function launchChromium(extraArgs: string[] = [], waitMs = 120_000): Promise<Browser> {
  const executablePath = await waitForChromium(waitMs);
  return withoutServiceWorkers(await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true }));
}

/**
 * Makes the contexts and pages `browser` opens refuse the app's service worker unless a test asks
 * for one (`serviceWorkers: 'allow'`, test/browser/offlineApp.test.ts). A test of a first visit
 * loses nothing (the page registers its worker only after its first load), and a worker would
 * serve the app's files itself, out of reach of the routes tests set on the context (Playwright
 * routes only what goes to the network) and of the bytes a measure counts.
 */
export function withoutServiceWorkers(browser: Browser): Browser {
  const [newContext, newPage] = [browser.newContext.bind(browser), browser.newPage.bind(browser)];
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  browser.newPage = (options = {}) => newPage({ serviceWorkers: 'block', ...options });
  return browser;
}

export interface AppPage {
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** How a test opens the app (openApp). */
export interface OpenOptions {
  /** A first visit: the rules panel opens (otherwise the page is a returning visitor's). */
  firstVisit?: boolean;
  /** False: the browser offers no WebGL (withoutWebGL), for checks of the page's text and controls only. */
  webgl?: boolean;
  /** A tab of this browser context (its storage shared with the context's other tabs; its routes apply); default a context of its own. */
  context?: BrowserContext;
  /** False: engine help hidden from the start (hideEngineHelp), for tests that look at none of it. */
  engineHelp?: boolean;
}

/** The console and page errors of each page openApp opened, for the harness's own failure messages. */
const errorsOf = new WeakMap<Page, string[]>();

/**
 * Opens the app with the given query string and waits for window.rolit. Unless `firstVisit`, the
 * page is a returning visitor's: the rules panel (offered on the first visit) does not open.
 */
export async function openApp(browser: Browser, served: Served, search = '', viewport = { width: 960, height: 640 }, { firstVisit = false, webgl = true, context, engineHelp = true }: OpenOptions = {}): Promise<AppPage> {
  const page = context ? await context.newPage() : await browser.newPage({ viewport });
  if (context) await page.setViewportSize(viewport);
  if (!webgl) await withoutWebGL(page);
  if (!engineHelp) await hideEngineHelp(page);
  if (!firstVisit) {
    await page.addInitScript(() => {
      if (localStorage.getItem('rolit.settings.v1') === null) localStorage.setItem('rolit.settings.v1', JSON.stringify({ rulesSeen: true }));
    });
  }
  const errors: string[] = [];
  errorsOf.set(page, errors);
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  await page.goto(`${served.url}${search}`);
  await waitForHandle(page);
  return { page, errors };
}

/**
 * The page's browser offers no WebGL, as some browsers and locked-down machines do: the page plays
 * on without its 3D view (the director's clock does not need the canvas) and shows why. Loading
 * the scene costs most of a page load under software rendering, so checks of texts, dialogs and
 * controls that do not look at the board use this; the 3D view has its own tests.
 */
export async function withoutWebGL(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // The page checks WebGL in a worker on an OffscreenCanvas where it has one: without it, on the page.
    delete (window as { OffscreenCanvas?: unknown }).OffscreenCanvas;
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
      if (/webgl/i.test(kind)) return null;
      return (getContext as (this: HTMLCanvasElement, ...args: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
    } as typeof getContext;
  });
}

/**
 * Engine help hidden from the page's start, as the viewer's own switch leaves it (unless the
 * storage already holds a choice): no evaluation bar, graph or analysis panel, and so no
 * background search of each position in a worker of its own. Under software rendering that search
 * takes a core the drawing wants, all through a game of computers, and settling waits for its
 * answer after every move; tests that look at no help and no panel's place turn it off.
 */
export async function hideEngineHelp(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    if (localStorage.getItem('rolit.evaluation.hidden') === null) localStorage.setItem('rolit.evaluation.hidden', 'true');
  });
}

/** Plays `move` through the accessible grid (focus its socket, Enter), as a keyboard user does: with or without the 3D view. */
export async function playByGrid(page: Page, move: string): Promise<void> {
  await page.getByRole('grid').getByRole('button', { name: `${move}, empty, legal`, exact: true }).focus();
  // Enter goes where the focus is: a page that moved it meanwhile says so here, not by a move that never comes.
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-square') ?? document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
  if (focused !== move) throw new Error(`playByGrid ${move}: the focus is on ${focused}, not on the grid's ${move}`);
  await page.keyboard.press('Enter');
}

/** Takes the focus off the accessible grid, which shows over the move list while it has the focus (as Tab away from it would). */
export async function leaveGrid(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement?.closest('.board-grid') ? (document.activeElement as HTMLElement).blur() : undefined));
}

/**
 * Waits until the page has put up window.rolit and React has committed its first render. A
 * navigation's `load` comes before both: the page's module awaits its language and its tab's game
 * first, and its first render is a transition, committed some tasks after the handle is up.
 */
export async function waitForHandle(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(() => typeof window.rolit?.state === 'function' && (document.getElementById('root')?.childElementCount ?? 0) > 0, undefined, { timeout });
}

/**
 * Waits until the 3D view has drawn at least once (renderInfo reports triangles). On timeout the
 * error says what the page showed: its loading screen's words, what it was still doing, the
 * renderer's counters, where a corner socket projects, the canvas's size and the page's errors.
 */
export async function waitForScene(page: Page, timeout = 120_000): Promise<void> {
  await page.waitForFunction(() => (window.rolit?.renderInfo()?.triangles ?? 0) > 0, undefined, { timeout, polling: 100 }).catch(async (error: Error) => {
    const seen = await page
      .evaluate(() => ({
        loading: document.querySelector('[data-testid="loading"]')?.textContent ?? null,
        stage: document.querySelector('.stage-message, .rolit-scene-message')?.textContent ?? null,
        unsettled: window.rolit?.unsettled() ?? null,
        renderer: window.rolit?.renderInfo() ?? null,
        a1: window.rolit?.socketScreenPosition('a1') ?? null,
        canvas: [...document.querySelectorAll('canvas')].map((c) => `${c.width}x${c.height}`),
        visibility: document.visibilityState,
      }))
      .catch(() => '(the page did not answer)');
    throw new Error(`${error.message}; the page showed ${JSON.stringify(seen)}; errors ${JSON.stringify(errorsOf.get(page) ?? [])}`);
  });
}

/**
 * Waits until the page is settled (window.rolit.settled, src/app/page/settled.ts: the 3D view
 * loaded, animations and camera flights over, no computer or analysis answer coming, a frame drawn
 * after the last change). On timeout the error says what the page was still doing.
 */
export async function waitSettled(page: Page, timeout = 90_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), timeout)));
  try {
    // After a reload the page's script may not have put up its handle yet.
    await page.waitForFunction(() => typeof window.rolit?.settled === 'function', undefined, { timeout });
    const outcome = await Promise.race([page.evaluate(() => window.rolit.settled()), expired]);
    if (outcome === 'expired') {
      const still = await page.evaluate(() => window.rolit.unsettled()).catch(() => ['(the page did not answer)']);
      throw new Error(`the page did not settle in ${timeout} ms: ${still.join('; ') || 'a last frame not drawn'}`);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until the canvas has drawn `n` more frames (for a test that looks at an animation itself). */
export async function framesDrawn(page: Page, n: number, timeout = 60_000): Promise<void> {
  const from = await page.evaluate(() => window.rolit.renderInfo()?.frames ?? 0);
  await page.waitForFunction((target) => (window.rolit.renderInfo()?.frames ?? 0) >= target, from + n, { timeout, polling: 'raf' });
}

/**
 * Turns or resizes the page's screen to `viewport`: once the page is at that size and, if the size
 * changed, its 3D view has drawn a frame at it (the board framed anew; settle with waitSettled).
 */
export async function resizeTo(page: Page, viewport: { width: number; height: number }): Promise<void> {
  const before = await page.evaluate(() => ({ width: innerWidth, height: innerHeight, frames: window.rolit.renderInfo()?.frames ?? 0 }));
  await page.setViewportSize(viewport);
  if (before.width === viewport.width && before.height === viewport.height) return;
  await page.waitForFunction(
    ({ width, height, frames }) => innerWidth === width && innerHeight === height && (window.rolit.renderInfo()?.frames ?? 0) > frames,
    { ...viewport, frames: before.frames },
    { timeout: 60_000 },
  );
}

/**
 * A HUD control made reachable: one that lives in the toolbar's Menu opens the menu first (by
 * keyboard, which a busy page cannot make "unstable"). With `use`, the control is used and the menu
 * closed again if this opened it and it is still open (a setting leaves it open; an action such as
 * a view, the tour or a dialog closes it itself); without, it is left open. Returns the control.
 */
export async function useControl(page: Page, control: Locator, use?: (control: Locator) => Promise<unknown>): Promise<Locator> {
  const menu = page.getByTestId('menu-button');
  const toggle = async () => {
    await menu.focus();
    await page.keyboard.press('Enter');
  };
  // Role queries do not see inside the closed menu: a control not in sight is looked for in it.
  let opens = false;
  if ((await menu.getAttribute('aria-expanded', { timeout: 120_000 })) !== 'true' && !(await control.first().isVisible())) {
    await toggle();
    opens = await control.first().evaluate((el) => el.closest('#settings-menu') !== null, undefined, { timeout: 120_000 });
    if (!opens) await toggle();
  }
  if (use) {
    await use(control);
    if (opens && (await menu.getAttribute('aria-expanded')) === 'true') await toggle();
  }
  return control;
}

/** Chooses a camera preset with the HUD's button (e.g. 'View from above') and waits for the flight to end. */
export async function cameraView(page: Page, title: string): Promise<void> {
  await useControl(page, page.getByTitle(title, { exact: true }), (c) => c.click());
  await waitSettled(page);
}

/** Waits until the animations have finished. */
export async function waitIdle(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(() => window.rolit?.busy() === false, undefined, { timeout, polling: 50 });
}

export async function rolitState(page: Page) {
  return page.evaluate(() => window.rolit.state());
}

/** Page coordinates of a socket, from the scene's camera. */
export async function socketPosition(page: Page, square: string): Promise<{ x: number; y: number }> {
  const p = await page.evaluate((sq) => window.rolit.socketScreenPosition(sq), square);
  if (!p) throw new Error(`the page gave no screen position for ${square}`);
  return p;
}

/** A download's bytes (read through the browser's connection: the file lives where the shared Chromium runs). */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Saves a screenshot to test-artifacts/<name>.png and returns it decoded; `timeout` for a page busy drawing in software. */
export async function screenshot(page: Page, name: string, timeout = 90_000): Promise<PNG> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const buffer = await page.screenshot({ timeout });
  writeFileSync(resolve(ARTIFACTS, `${name}.png`), buffer);
  return PNG.sync.read(buffer);
}

/** Reference colours of the ball regions as they look lit on screen (sRGB). */
export const BALL_RGB: Record<'red' | 'yellow' | 'green' | 'blue', [number, number, number]> = {
  red: [200, 40, 35],
  yellow: [235, 190, 30],
  green: [40, 150, 65],
  blue: [40, 95, 210],
};

/**
 * Counts pixels that look like each ball colour: hue classes with enough saturation and
 * brightness, so shading and highlights still count but the grey table and board do not.
 */
export function countBallColours(png: PNG, region?: { x: number; y: number; w: number; h: number }): Record<keyof typeof BALL_RGB, number> {
  const counts = { red: 0, yellow: 0, green: 0, blue: 0 };
  const x0 = region?.x ?? 0;
  const y0 = region?.y ?? 0;
  const x1 = Math.min(png.width, x0 + (region?.w ?? png.width));
  const y1 = Math.min(png.height, y0 + (region?.h ?? png.height));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * png.width + x) * 4;
      const colour = classify(png.data[i], png.data[i + 1], png.data[i + 2]);
      if (colour) counts[colour]++;
    }
  }
  return counts;
}

/** The ball colour a pixel shows, or null for anything else (table, board, HUD greys). */
export function classify(r: number, g: number, b: number): keyof typeof BALL_RGB | null {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max < 100 || max - min < 0.45 * max) return null; // too dark (sockets, navy board) or too grey
  let hue: number;
  const d = max - min;
  if (max === r) hue = (60 * ((g - b) / d) + 360) % 360;
  else if (max === g) hue = 60 * ((b - r) / d) + 120;
  else hue = 60 * ((r - g) / d) + 240;
  if (hue < 18 || hue >= 340) return 'red';
  if (hue >= 38 && hue < 70) return 'yellow';
  if (hue >= 90 && hue < 170) return 'green';
  if (hue >= 200 && hue < 250) return 'blue';
  return null;
}

/** Pixels that differ (any channel by more than `tolerance`) between two same-sized screenshots. */
export function changedPixels(a: PNG, b: PNG, tolerance = 24): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('screenshots of different sizes');
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (Math.abs(a.data[i] - b.data[i]) > tolerance || Math.abs(a.data[i + 1] - b.data[i + 1]) > tolerance || Math.abs(a.data[i + 2] - b.data[i + 2]) > tolerance) n++;
  }
  return n;
}

/** Distinct colours (quantised to 4 bits a channel) in a screenshot: a blank canvas has one or two. */
export function distinctColours(png: PNG): number {
  const seen = new Set<number>();
  for (let i = 0; i < png.data.length; i += 4) seen.add(((png.data[i] >> 4) << 8) | ((png.data[i + 1] >> 4) << 4) | (png.data[i + 2] >> 4));
  return seen.size;
}

/** A square box around a socket on screen, about one socket pitch wide. */
export async function socketBox(page: Page, square: string, neighbour: string) {
  const p = await socketPosition(page, square);
  const q = await socketPosition(page, neighbour);
  const half = Math.max(6, Math.round(Math.hypot(p.x - q.x, p.y - q.y) * 0.4));
  return { x: Math.round(p.x - half), y: Math.round(p.y - half), w: 2 * half, h: 2 * half };
}

export const ALL_SQUARES = [...'abcdefgh'].flatMap((c) => [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `${c}${r}`));

/** A socket next to `square` on the board (for the on-screen socket pitch). */
export function neighbour(square: string): string {
  const row = Number(square.slice(1));
  return square[0] + String(row === 1 ? 2 : row - 1);
}

/** The colour most pixels in a socket's box show (null when none shows a ball colour). */
export async function socketColour(page: Page, shot: Awaited<ReturnType<typeof screenshot>>, square: string) {
  const counts = countBallColours(shot, await socketBox(page, square, neighbour(square)));
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return n > 0 ? best : null;
}

/** Opens a record in replay through the Open dialog's paste field. */
export async function openRecordByPaste(page: Page, text: string): Promise<void> {
  await (await useControl(page, page.getByRole('button', { name: 'Open…' }))).click();
  await page.getByLabel('Paste a record').fill(text);
  await page.getByRole('button', { name: 'Open in replay' }).click();
  await page.getByTestId('replay-bar').waitFor();
}

/** A part of the board a player must see whole, and the page points (CSS px) of it that must be on screen and uncovered. */
export interface BoardPart {
  /** "socket g8", "label 8 (left)", "button red", "supply". */
  name: string;
  points: { x: number; y: number }[];
  /** Its page box, where the whole of it must lie on screen (the supply). */
  box?: { left: number; top: number; right: number; bottom: number };
}

/**
 * The board's parts as the scene draws them now, from its own projection (empty without a 3D view):
 * each socket's disc (four points at 0.3 of the pitch from its centre, along its row and its column),
 * each coordinate (its place in the frame's middle, carried out from the two sockets of its row or
 * column nearest it in perspective, and four points from it as far as its ink reaches, BOARD_FACE.ink,
 * outward and along the board's edge), each
 * side button (its centre, and points a quarter of its size from it inward and along the board's
 * side: its inner half) and the supply (its box and nine points over it), with the least distance
 * between two sockets' centres.
 */
export async function boardParts(page: Page): Promise<{ parts: BoardPart[]; spacing: number }> {
  return page.evaluate(
    ({ squares, out, ink, top }) => {
      const at = (square: string) => window.rolit.socketScreenPosition(square);
      if (!at('a1')) return { parts: [], spacing: 0 };
      const files = 'abcdefgh';
      /**
       * The point `t` pitches beyond the first of three sockets in a line (outward, away from the
       * other two) on the board's top, where the coordinates are printed, as the camera draws it: a line's projection is x = (a + b s) / (1 + g s) in its
       * scene distance s, fitted to the three sockets' places on the page.
       */
      const beyond = (line: [string, string, string], t: number) => {
        const [p0, p1, p2] = line.map((s) => window.rolit.socketScreenPosition(s, undefined, top)!);
        const key = Math.abs(p2.x - p1.x) > Math.abs(p2.y - p1.y) ? 'x' : 'y';
        const g = (2 * p1[key] - p0[key] - p2[key]) / (2 * (p2[key] - p1[key]));
        const s = -t;
        const along = (v0: number, v1: number) => (v0 + (v1 * (1 + g) - v0) * s) / (1 + g * s);
        return { x: along(p0.x, p1.x), y: along(p0.y, p1.y) };
      };
      const parts: { name: string; points: { x: number; y: number }[]; box?: { left: number; top: number; right: number; bottom: number } }[] = [];
      for (let i = 0; i < 8; i++) {
        for (let row = 1; row <= 8; row++) {
          const s = at(`${files[i]}${row}`)!;
          const across = at(`${files[i === 7 ? 6 : i + 1]}${row}`)!;
          const along = at(`${files[i]}${row === 8 ? 7 : row + 1}`)!;
          const points = [across, along].flatMap((n) => [1, -1].map((sign) => ({ x: s.x + sign * 0.3 * (n.x - s.x), y: s.y + sign * 0.3 * (n.y - s.y) })));
          parts.push({ name: `socket ${files[i]}${row}`, points });
        }
        // A row's label beyond its a and h sockets; a column's beyond its 1 and 8 sockets, with its
        // neighbour's along the edge (the next row's or column's label) for its extent that way.
        const next = i === 7 ? 6 : i + 1;
        const lines: [string, [string, string, string], [string, string, string]][] = [
          [`${i + 1} (left)`, [`a${i + 1}`, `b${i + 1}`, `c${i + 1}`], [`a${next + 1}`, `b${next + 1}`, `c${next + 1}`]],
          [`${i + 1} (right)`, [`h${i + 1}`, `g${i + 1}`, `f${i + 1}`], [`h${next + 1}`, `g${next + 1}`, `f${next + 1}`]],
          [`${files[i]} (far)`, [`${files[i]}1`, `${files[i]}2`, `${files[i]}3`], [`${files[next]}1`, `${files[next]}2`, `${files[next]}3`]],
          [`${files[i]} (near)`, [`${files[i]}8`, `${files[i]}7`, `${files[i]}6`], [`${files[next]}8`, `${files[next]}7`, `${files[next]}6`]],
        ];
        for (const [label, line, besideLine] of lines) {
          const c = beyond(line, out);
          // Its ink's reach either way, outward and along the edge, in perspective.
          const [inward, outward] = [beyond(line, out - ink), beyond(line, out + ink)];
          const beside = beyond(besideLine, out);
          const a = { x: (beside.x - c.x) * ink, y: (beside.y - c.y) * ink };
          parts.push({ name: `label ${label}`, points: [c, inward, outward, { x: c.x - a.x, y: c.y - a.y }, { x: c.x + a.x, y: c.y + a.y }] });
        }
      }
      const inside = (box: { left: number; top: number; right: number; bottom: number }, fractions: number[]) =>
        fractions.flatMap((fy) => fractions.map((fx) => ({ x: box.left + fx * (box.right - box.left), y: box.top + fy * (box.bottom - box.top) })));
      // The board's middle on the page, for a side button's inward side.
      const [a1, h8] = [at('a1')!, at('h8')!];
      const middle = { x: (a1.x + h8.x) / 2, y: (a1.y + h8.y) / 2 };
      for (const colour of ['red', 'yellow', 'green', 'blue'] as const) {
        const box = window.rolit.sideButtonScreenBox(colour)!;
        const c = { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
        const [hx, hy] = [(box.right - box.left) / 4, (box.bottom - box.top) / 4];
        // Its centre, and a quarter of its size from it inward and along the board's side: the pad's
        // inner half, which a phone held upright shows whole (its outer edge may touch the screen's side).
        const across = Math.abs(c.x - middle.x) > Math.abs(c.y - middle.y);
        const points = across
          ? [c, { x: c.x - Math.sign(c.x - middle.x) * hx, y: c.y }, { x: c.x, y: c.y - hy }, { x: c.x, y: c.y + hy }]
          : [c, { x: c.x, y: c.y - Math.sign(c.y - middle.y) * hy }, { x: c.x - hx, y: c.y }, { x: c.x + hx, y: c.y }];
        parts.push({ name: `button ${colour}`, points });
      }
      const supply = window.rolit.supplyScreenBox();
      if (supply) parts.push({ name: 'supply', box: supply, points: inside(supply, [0.15, 0.5, 0.85]) });
      const centres = squares.map(at) as { x: number; y: number }[];
      let spacing = Infinity;
      for (const p of centres) for (const q of centres) if (p !== q) spacing = Math.min(spacing, Math.hypot(p.x - q.x, p.y - q.y));
      return { parts, spacing };
    },
    { squares: ALL_SQUARES, out: (BOARD_WIDTH / 2 - MARGIN / 2 - 3.5 * PITCH) / PITCH, ink: BOARD_FACE.ink / PITCH, top: BOARD_TOP },
  );
}

/**
 * What of the board the page does not show whole, as "socket g8 under toolbar panel" or "label 1
 * (near) off screen": a part with a point off the screen or where the topmost element is not the
 * canvas. The supply must be whole and uncovered,
 * or wholly out of view (a phone's screen has no room for it); `supply: false` leaves it out.
 * Empty when the page has no 3D view.
 */
export async function boardHidden(page: Page, { supply = true } = {}): Promise<string[]> {
  const { parts } = await boardParts(page);
  return page.evaluate((parts) => {
    const onScreen = (p: { x: number; y: number }) => p.x >= 0 && p.y >= 0 && p.x < innerWidth && p.y < innerHeight;
    const boxOnScreen = (b: { left: number; top: number; right: number; bottom: number }) => b.left >= 0 && b.top >= 0 && b.right <= innerWidth && b.bottom <= innerHeight;
    const boxOffScreen = (b: { left: number; top: number; right: number; bottom: number }) => b.right <= 0 || b.bottom <= 0 || b.left >= innerWidth || b.top >= innerHeight;
    const hidden: string[] = [];
    for (const part of parts) {
      if (part.name === 'supply' && part.box && boxOffScreen(part.box)) continue;
      if (part.box && !boxOnScreen(part.box)) {
        hidden.push(`${part.name} off screen ${JSON.stringify([part.box.left, part.box.top, part.box.right, part.box.bottom].map(Math.round))}`);
        continue;
      }
      const off = part.points.find((p) => !onScreen(p));
      if (off) {
        hidden.push(`${part.name} off screen at ${Math.round(off.x)},${Math.round(off.y)}`);
        continue;
      }
      for (const p of part.points) {
        const top = document.elementFromPoint(p.x, p.y);
        if (top instanceof HTMLCanvasElement) continue;
        hidden.push(`${part.name} under ${top?.closest('[class]')?.className ?? top?.tagName ?? 'nothing'} at ${Math.round(p.x)},${Math.round(p.y)}`);
        break;
      }
    }
    return hidden;
  }, supply ? parts : parts.filter((p) => p.name !== 'supply'));
}

/**
 * The board's parts (boardParts: sockets' discs, coordinates, side buttons; not the supply) that the
 * box of the page's element `selector` lies over. Empty when the page has no 3D view.
 */
export async function boardUnder(page: Page, selector: string): Promise<string[]> {
  const { parts } = await boardParts(page);
  return page.evaluate(
    ({ selector, parts }) => {
      const box = document.querySelector(selector)!.getBoundingClientRect();
      const inBox = (p: { x: number; y: number }) => p.x > box.left && p.x < box.right && p.y > box.top && p.y < box.bottom;
      return parts.filter((part) => part.points.some(inBox)).map((part) => part.name);
    },
    { selector, parts: parts.filter((p) => p.name !== 'supply') },
  );
}
