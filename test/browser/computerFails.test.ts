/**
 * The computer's worker fails in the built app (its script cannot be loaded): a simpler level
 * plays in its place, the page says so until the person deals with it (not only until the next
 * move), and each computer seat says what plays it now.
 */
import { describe, expect, it } from 'vitest';
import { openApp, screenshot } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

describe('the computer fails', { timeout: 240_000 }, () => {
  it('the notice stays through the stand-in\'s moves until a seat is taken over; the seats name the stand-in', async () => {
    const context = await app.browser.newContext();
    // The computer's worker script does not load, as on a broken connection.
    await context.route(/\/assets\/worker-[^/]*\.js$/, (route) => route.abort());
    const { page, errors } = await openApp(app.browser, app.served, '?seats=ai:master,ai:master&seed=3&speed=instant', undefined, { webgl: false, context });
    const notice = page.getByTestId('stand-in-notice');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.innerText()).toContain('The computer player stopped working: the tactician level now plays for every computer seat');
    // Moves later (each clears the status line's message), the notice is still there.
    await page.waitForFunction(() => window.rolit.state().moves.length >= 12, undefined, { timeout: 120_000 });
    expect(await notice.isVisible()).toBe(true);
    const kinds = () => page.locator('.seats .seat .kind').allInnerTexts();
    expect((await kinds()).every((kind) => kind.endsWith('computer · tactician in place of master'))).toBe(true);
    // The notice covers none of the seats, whose kind now reads longer.
    const [box, seats] = [(await notice.boundingBox())!, (await page.locator('.seats').boundingBox())!];
    expect(box.x >= seats.x + seats.width || box.y >= seats.y + seats.height, `notice ${JSON.stringify(box)}, seats ${JSON.stringify(seats)}`).toBe(true);
    await screenshot(page, 'computer-fails');

    // A person takes the first seat over: dealt with, the notice goes; the other seat still names its stand-in.
    await page.locator('[data-seat="0"]').getByRole('button', { name: 'Take over' }).click();
    await notice.waitFor({ state: 'detached' });
    const [first, second] = await kinds();
    expect(first).toMatch(/you, for computer · master$/);
    expect(second).toMatch(/computer · tactician in place of master$/);
    // Only the worker's script failed to load.
    expect(errors.filter((e) => !/worker-[^ ]*\.js|Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });
});
