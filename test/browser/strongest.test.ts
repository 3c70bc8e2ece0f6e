/**
 * The strongest move in the built app (Chromium, SwiftShader): asked with the A key, the master's
 * move is marked on the board at the socket the worker named (the pixels around that socket change,
 * a far socket's do not), window.rolit.strongest() and the panel's line agree, the chances sum to
 * 100%, and a move on the board clears it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cameraView, changedPixels, openApp, rolitState, screenshot, socketPosition, waitSettled, waitForScene, waitIdle } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

type Shot = Awaited<ReturnType<typeof screenshot>>;

function crop(png: Shot, box: { x: number; y: number; w: number; h: number }): Shot {
  const out = { width: box.w, height: box.h, data: Buffer.alloc(box.w * box.h * 4) };
  for (let y = 0; y < box.h; y++) png.data.copy(out.data, y * box.w * 4, ((box.y + y) * png.width + box.x) * 4, ((box.y + y) * png.width + box.x + box.w) * 4);
  return out as Shot;
}

async function around(page: Page, square: string) {
  const at = await socketPosition(page, square);
  return { x: Math.round(at.x) - 24, y: Math.round(at.y) - 24, w: 48, h: 48 };
}

async function hideOverlays(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    for (const el of document.querySelectorAll<HTMLElement>('.hud')) Object.assign(el.style, h ? { opacity: '0', pointerEvents: 'none' } : { opacity: '', pointerEvents: '' });
  }, hidden);
}

describe('strongest move in Chromium', { timeout: 600_000 }, () => {
  it('the A key marks the master\'s move on its socket with win chances summing to 100%; a move clears it', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human,human,human&seed=7&speed=instant');
    await waitForScene(page);
    await waitIdle(page);
    await cameraView(page, 'View from above');
    expect(await page.evaluate(() => window.rolit.strongest())).toBeNull();
    await hideOverlays(page, true);
    const before = await screenshot(page, 'strongest-before', 120_000);
    await hideOverlays(page, false);

    await page.locator('body').focus();
    await page.keyboard.press('a');
    await page.waitForFunction(() => window.rolit.strongest()?.status === 'done', undefined, { timeout: 120_000, polling: 100 });
    const view = (await page.evaluate(() => window.rolit.strongest()))!;
    const state = await rolitState(page);
    const move = view.move!;
    expect(move).toMatch(/^[a-h][1-8]$/);
    expect(state.moves).toEqual([]); // asked about the start position
    expect(view.chances!.map((c) => c.colours)).toEqual([['red'], ['yellow'], ['green'], ['blue']]);
    expect(view.chances!.reduce((a, c) => a + c.chance, 0)).toBeCloseTo(1, 9);

    // The panel's line: the move, then each player by colour name with a whole percentage; they add up to 100.
    const line = (await page.getByTestId('strongest-line').textContent())!;
    expect(line).toMatch(new RegExp(`Strongest: ${move} – Red \\d+%, Yellow \\d+%, Green \\d+%, Blue \\d+%$`));
    expect([...line.matchAll(/(\d+)%/g)].reduce((a, m) => a + Number(m[1]), 0)).toBe(100);

    // On the board: the ring and star label change the pixels around the named socket, not around a far one.
    await waitSettled(page);
    await hideOverlays(page, true);
    const after = await screenshot(page, 'strongest-marker', 120_000);
    await hideOverlays(page, false);
    const far = [...'abcdefgh'].flatMap((c) => [1, 8].map((r) => `${c}${r}`)).find((s) => Math.abs(s.charCodeAt(0) - move.charCodeAt(0)) + Math.abs(Number(s[1]) - Number(move[1])) >= 5)!;
    const near = changedPixels(crop(before, await around(page, move)), crop(after, await around(page, move)));
    const away = changedPixels(crop(before, await around(page, far)), crop(after, await around(page, far)));
    expect(near, `pixels changed around ${move}`).toBeGreaterThan(300);
    expect(away, `pixels changed around ${far}`).toBeLessThan(30);
    await screenshot(page, 'strongest-overlay', 120_000);

    // A move on the board: the suggestion and its line are gone. Hovering the socket's button shows
    // the preview (four colours' counts) without moving the button from under the pointer.
    const button = page.locator(`.analysis-sockets button[data-square="${move}"]`);
    const box = await button.boundingBox();
    await button.hover();
    await expect.poll(() => page.getByTestId('analysis-preview').textContent(), { timeout: 60_000 }).toMatch(/after: red \d+, yellow \d+, green \d+, blue \d+/);
    expect(await button.boundingBox()).toEqual(box);
    await button.click({ timeout: 120_000 });
    await waitIdle(page);
    await expect.poll(() => rolitState(page).then((s) => s.moves), { timeout: 60_000 }).toEqual([move]);
    expect(await page.evaluate(() => window.rolit.strongest())).toBeNull();
    expect(await page.getByTestId('strongest-line').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
