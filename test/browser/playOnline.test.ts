/**
 * Play online, the ways to strangers, in headless Chromium against the real game server (started
 * here on a free loopback port): Quick play from two pages, each getting one seat of one table
 * with computers on the others, to a round in play; Open tables listing a public table another
 * page creates, live, and joining it; the dialog's axe audit. Pages run without the 3D view (what
 * is checked is texts, controls and the room's state). Screenshots of the dialog, the open tables
 * and quick play waiting on a laptop (1280x800) and a phone held upright (390x844) go to
 * test-artifacts/play-online-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { matchMaker } from '@colyseus/core';
import { create, startTestServer, type TestServer } from '../server/helpers';
import { openApp, screenshot, useControl } from './harness';
import { useBuiltApp } from './builtApp';
import { audit } from './axe';

const app = useBuiltApp();
let server: TestServer;
beforeAll(async () => {
  // Quick play's lone players wait 10 s for others: time for the second page to join the first's group.
  server = await startTestServer({ computerDelayMs: 0, quickWaitSeconds: 10 });
});
afterAll(async () => {
  await server?.close();
});

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const online = (page: Page) => page.evaluate(() => window.rolit.online());

/** A page of the app (no 3D view) that finds its game server here. */
async function openPage(viewport: { width: number; height: number }) {
  return openApp(app.browser, app.served, `?seats=human,human&speed=instant&server=127.0.0.1:${server.port}`, viewport, { webgl: false });
}

/** Opens Play online from the toolbar's menu, by the keyboard, and gives the player's name. */
async function playOnline(page: Page, name: string) {
  await useControl(page, page.getByRole('button', { name: 'Play online' }), async (button) => {
    await button.focus();
    await page.keyboard.press('Enter');
  });
  const dialog = page.getByTestId('play-online-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Your name').fill(name);
  return dialog;
}

describe('Play online', () => {
  it('Quick play from two pages: each gets one seat of one table, computers on the others, and the round plays', async () => {
    const ann = await openPage(LAPTOP);
    const bob = await openPage(PHONE);
    const dialogs = [await playOnline(ann.page, 'Ann'), await playOnline(bob.page, 'Bob')];
    // From the keyboard: the button turns into Cancel under the focus.
    await dialogs[0].getByRole('button', { name: 'Quick play' }).focus();
    await ann.page.keyboard.press('Enter');
    await dialogs[0].getByText(/Waiting for players: only you so far/).waitFor();
    expect(await ann.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('quick-cancel');
    await dialogs[1].getByRole('button', { name: 'Quick play' }).click();
    // Both wait in one group until the queue makes their table; the dialog says the server's own wait (here 10 s), not another.
    for (const dialog of dialogs) await dialog.getByText(/Waiting for players: 2 so far/).waitFor({ timeout: 10_000 });
    for (const dialog of dialogs) expect(await dialog.getByTestId('quick-waited').textContent()).toMatch(/^waited \d+ s \(at most 10 s\)$/);
    expect(await dialogs[0].getByTestId('quick-play').textContent()).not.toMatch(/45/);
    await screenshot(ann.page, 'play-online-quick-waiting-laptop');
    await screenshot(bob.page, 'play-online-quick-waiting-phone');
    await audit(ann.page, 'quick play waiting');
    // The queue gives the table once the first player has waited 10 s; the dialogs step aside for the room.
    for (const { page } of [ann, bob]) await page.waitForFunction(() => window.rolit.online()?.phase === 'playing', undefined, { timeout: 60_000, polling: 200 });
    for (const dialog of dialogs) expect(await dialog.count()).toBe(0);
    const [a, b] = [await online(ann.page), await online(bob.page)];
    expect(a!.room).toBe(b!.room);
    expect([a!.colour, b!.colour].every((c) => c !== '' && c !== null)).toBe(true);
    expect(a!.colour).not.toBe(b!.colour);
    // The server's table: four seats, Ann and Bob in two of them, computers in the others.
    const room = matchMaker.getLocalRoomById(a!.room!) as unknown as { state: { seats: { kind: string; name: string; colour: string }[] } };
    const seats = [...room.state.seats].map((s) => ({ kind: s.kind, name: s.name, colour: s.colour }));
    expect(seats).toHaveLength(4);
    expect(seats.filter((s) => s.kind === 'human').map((s) => [s.name, s.colour]).sort()).toEqual([['Ann', a!.colour], ['Bob', b!.colour]].sort());
    expect(seats.filter((s) => s.kind === 'computer')).toHaveLength(2);
    // The round is under way on both pages: a player to move on the board each shows.
    for (const { page } of [ann, bob]) await page.waitForFunction(() => window.rolit.state().shown.toMove !== null, undefined, { timeout: 30_000 });
    for (const { errors } of [ann, bob]) expect(errors).toEqual([]);
    await ann.page.close();
    await bob.page.close();
  }, 120_000);

  it('Open tables lists a public table another page creates, live, and joins it', async () => {
    const eve = await openPage(LAPTOP);
    const dialog = await playOnline(eve.page, 'Eve');
    const tables = dialog.getByTestId('open-tables');
    await tables.getByText('No open table right now').waitFor();
    await screenshot(eve.page, 'play-online-dialog-laptop');
    await audit(eve.page, 'the Play online dialog');

    // Another page creates a public table of two in New game, with a time limit.
    const ann = await openPage(LAPTOP);
    await ann.page.getByRole('button', { name: 'New game' }).click();
    const newGame = ann.page.getByRole('dialog');
    await newGame.getByLabel('Time per move').selectOption('30');
    await newGame.getByLabel('Public: listed under Open tables').check();
    await newGame.getByTestId('create-room').click();
    await ann.page.waitForFunction(() => window.rolit.online()?.host === true, undefined, { timeout: 30_000 });

    // It shows up without a reload: host, rules, free colours by name.
    const table = tables.getByTestId('open-table');
    await table.waitFor({ timeout: 15_000 });
    expect(await table.getAttribute('data-room')).toBe((await online(ann.page))!.room);
    const text = await table.textContent();
    expect(text).toContain('Guest’s table · waiting to start');
    expect(text).toContain('Seated: Guest (Red) · Free: Green');
    expect(text).toContain('8×8 · Standard · 30 s per move');
    expect(text).toContain('Free: Green');
    await screenshot(eve.page, 'play-online-tables-laptop');
    await audit(eve.page, 'the open tables');

    // Join from the keyboard: Eve takes the free seat, and the table's listing follows.
    const join = table.getByRole('button', { name: 'Join as Green' });
    expect(await join.getAttribute('aria-describedby')).toBe(await table.locator('b').getAttribute('id'));
    await join.focus();
    await eve.page.keyboard.press('Enter');
    await eve.page.waitForFunction(() => window.rolit.online()?.colour === 'green', undefined, { timeout: 30_000 });
    expect(await dialog.count()).toBe(0);
    await ann.page.getByText('Eve', { exact: true }).waitFor();

    // A third page on a phone sees the table full, to watch.
    const cy = await openPage(PHONE);
    const phoneDialog = await playOnline(cy.page, 'Cy');
    const full = phoneDialog.getByTestId('open-table');
    await full.getByText('No free seat').waitFor({ timeout: 15_000 });
    expect(await full.getByRole('button', { name: /Join/ }).count()).toBe(0);
    await screenshot(cy.page, 'play-online-tables-phone');
    await audit(cy.page, 'the open tables on a phone');
    await full.getByRole('button', { name: 'Watch' }).click();
    await cy.page.waitForFunction(() => window.rolit.online()?.colour === '', undefined, { timeout: 30_000 });

    for (const { errors } of [eve, ann, cy]) expect(errors).toEqual([]);
    for (const { page } of [eve, ann, cy]) await page.close();
  }, 120_000);

  it('Set up a table… opens the table’s setup, its online part in view; a private table is not listed; a server that cannot be reached is said in words', async () => {
    const ann = await openPage(PHONE);
    await (await playOnline(ann.page, 'Ann')).getByTestId('create-table').click();
    // Named for what it does, the button that creates the table on screen, and no way back to Play online or to a local game.
    const setUp = ann.page.getByRole('dialog');
    await setUp.getByRole('heading', { name: 'Create a table' }).waitFor();
    const onScreen = (b: Element) => {
      const r = b.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight && document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)?.closest('button') === b;
    };
    await expect.poll(() => setUp.getByTestId('create-room').evaluate(onScreen)).toBe(true);
    await expect.poll(() => setUp.getByTestId('play-online').evaluate((part) => part.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    expect(await setUp.getByRole('button', { name: 'Play online' }).count()).toBe(0);
    expect(await setUp.getByRole('button', { name: 'Start' }).count()).toBe(0);
    await screenshot(ann.page, 'play-online-set-up-table-phone');
    await setUp.getByTestId('create-room').click();
    await ann.page.waitForFunction(() => window.rolit.online()?.host === true, undefined, { timeout: 30_000 });
    const hidden = (await online(ann.page))!.room;
    const eve = await openPage(PHONE);
    const dialog = await playOnline(eve.page, 'Eve');
    // A public table made after the private one shows: the list is live, and the private table not in it.
    const zed = await create(server.endpoint, { name: 'Zed', colour: 'red', listed: true, seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }, { kind: 'computer', level: 'master' }] });
    await dialog.getByText('Zed’s table').waitFor({ timeout: 15_000 });
    const listed = await dialog.getByTestId('open-table').evaluateAll((items) => items.map((item) => item.getAttribute('data-room')));
    expect(listed).toContain(zed.room.roomId);
    expect(listed).not.toContain(hidden);
    await screenshot(eve.page, 'play-online-dialog-phone');
    await audit(eve.page, 'the Play online dialog on a phone');
    // The computer is named by its level in the page's words, not the server's ("computer (master)").
    const zedTable = dialog.locator(`[data-room="${zed.room.roomId}"]`);
    expect(await zedTable.textContent()).toContain('Seated: Zed (Red) and computer · master (Blue) · Free: Yellow and Green');
    // Every free colour is offered by name, and chosen from the keyboard: Eve takes the last one, not the first.
    const joins = zedTable.getByTestId('table-join');
    expect(await joins.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-colour')))).toEqual(['yellow', 'green']);
    // Each button's name says the colour in words (its swatch and symbol are not read out); the symbol shows beside it.
    for (const [name, symbol] of [['Join as Yellow', '▲'], ['Join as Green', '■']]) {
      const button = zedTable.getByRole('button', { name, exact: true });
      expect(await button.textContent()).toContain(symbol);
    }
    await joins.first().focus();
    await eve.page.keyboard.press('Tab');
    expect(await eve.page.evaluate(() => document.activeElement?.getAttribute('data-colour'))).toBe('green');
    await eve.page.keyboard.press('Enter');
    await eve.page.waitForFunction(() => window.rolit.online()?.colour === 'green', undefined, { timeout: 30_000 });
    await eve.page.close();
    await ann.page.close();
    await zed.room.leave();

    const { page } = await openApp(app.browser, app.served, '?seats=human,human&speed=instant&server=127.0.0.1:1', LAPTOP, { webgl: false });
    const down = await playOnline(page, 'Eve');
    expect(await down.getByTestId('tables-failed').textContent()).toBe('The open tables cannot be shown. The game server at http://127.0.0.1:1 cannot be reached. It may be down, or the address is wrong.');
    await down.getByRole('button', { name: 'Quick play' }).click();
    expect(await down.getByTestId('quick-failed').textContent()).toContain('Quick play stopped. The game server at http://127.0.0.1:1 cannot be reached.');
    // Escape closes it, and the focus goes back to the Menu button it came from.
    await page.keyboard.press('Escape');
    await down.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-button');
    await page.close();
  }, 120_000);

  it('Watch live: the page watches computers play at once, as a spectator; widened from phone to laptop, the room bar’s line moves from under the seats to the top, between the seats and the toolbar', async () => {
    const { page, errors } = await openPage(PHONE);
    const dialog = await playOnline(page, 'Eve');
    await dialog.getByRole('button', { name: 'Watch computers play' }).click();
    await page.waitForFunction(() => window.rolit.online()?.colour === '' && window.rolit.online()?.phase === 'playing', undefined, { timeout: 30_000 });
    expect(await dialog.count()).toBe(0);
    // The computers' moves arrive and the board shows them.
    await page.waitForFunction(() => window.rolit.state().shown.moves.length >= 2, undefined, { timeout: 60_000, polling: 200 });

    // The room's bar opened on the phone, under the seats; then the window widened to a laptop's: its
    // line moves to the top, right of the seats panel and left of the toolbar, once the page has laid out.
    await page.getByTestId('online-bar').locator('summary').click();
    await page.waitForFunction(() => window.rolit.state().shown.moves.length >= 30, undefined, { timeout: 90_000, polling: 200 });
    expect(await page.evaluate(() => document.querySelector('.online-bar')!.getBoundingClientRect().top >= document.querySelector('.seats')!.getBoundingClientRect().bottom)).toBe(true);
    await page.setViewportSize(LAPTOP);
    const apart = () => {
      const [seats, bar, toolbar] = ['.seats', '.online-bar > summary', '.toolbar'].map((s) => document.querySelector(s)!.getBoundingClientRect());
      return bar.left >= seats.right && bar.right <= toolbar.left && bar.top < seats.bottom;
    };
    const laidOut = await page.waitForFunction(apart, undefined, { timeout: 10_000 }).then(() => true, () => false);
    const boxes = await page.evaluate(() => ['.seats', '.online-bar > summary', '.toolbar'].map((s) => document.querySelector(s)!.getBoundingClientRect()).map((r) => `${Math.round(r.left)}-${Math.round(r.right)}`).join(' '));
    await screenshot(page, 'play-online-tv-phone-to-laptop');
    expect(laidOut, `seats, room bar, toolbar (left-right): ${boxes}`).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
