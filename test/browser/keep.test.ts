/**
 * Issue 9's keep-and-share paths as a user takes them in the built app (Chromium, SwiftShader):
 * history import, Export all and the exported file imported back (duplicates skipped), a bad
 * history file and a bad .rolit file refused with line and column and nothing applied, a share
 * link pasted into the address bar of the open page (a good one opens, a bad one is refused),
 * and Undo in a live game rolling the balls back.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { historyFile, type HistoryEntry } from '../../src/app/persistence/history';
import { recordFragment } from '../../src/app/replay/shareLink';
import { readRecord, resultBalls, resultText } from '../../src/engine/index';
import { cameraView, changedPixels, downloadBytes, neighbour, openApp, playByGrid, rolitState, screenshot, socketBox, socketColour, socketPosition, waitForScene, waitIdle, waitSettled, useControl } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();
const fixture = (name: string) => readFileSync(`test/fixtures/records/${name}.rolit`, 'utf8');

/** A history entry of a finished fixture round, as the page keeps one. */
function entry(record: string, finishedAt: string): HistoryEntry {
  const { game } = readRecord(record);
  const setup = game.setup;
  const players = setup.players.map((colours, i) => ({ name: `Player ${i + 1}`, level: 'human', colours: [...colours] }));
  return { finishedAt, players, size: setup.size, variant: setup.variant, misere: setup.misere, result: resultText(game.state), balls: resultBalls(game.state), record };
}

const file = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

async function historyImport(page: Page, name: string, text: string) {
  await page.getByTestId('history-file').setInputFiles(file(name, text));
  return page.getByRole('dialog').getByRole('status');
}

describe('keep and share in Chromium', { timeout: 600_000 }, () => {
  it('history: import, Export all, the export imported back with duplicates skipped; a bad file adds nothing', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=3&speed=instant', undefined, { webgl: false });
    await (await useControl(page, page.getByRole('button', { name: 'History…' }))).click();
    const status = await historyImport(page, 'two.json', historyFile([entry(fixture('four-players'), '2026-01-02T10:00:00.000Z'), entry(fixture('team'), '2026-01-01T10:00:00.000Z')]));
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^2 rounds added,\s*0 already kept/);
    expect(await page.locator('[data-testid="history-list"] li').count()).toBe(2);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export all' }).click()]);
    const exported = (await downloadBytes(download)).toString('utf8');
    expect(JSON.parse(exported).rounds.map((r: HistoryEntry) => r.record)).toEqual([fixture('four-players'), fixture('team')]);
    await historyImport(page, download.suggestedFilename(), exported);
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^0 rounds added,\s*2 already kept \(skipped\)/);

    // The second round's record altered in its moves: refused whole, naming the round, line and column.
    const altered = exported.replace(/\\n1\. (\w+) (\w+)/g, '\\n1. $1 a1');
    expect(altered).not.toBe(exported);
    await historyImport(page, 'altered.json', altered);
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/altered\.json.*round 1: its record, line \d+, column \d+/);
    expect(await page.locator('[data-testid="history-list"] li').count()).toBe(2);
    await screenshot(page, 'history-dialog');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a bad .rolit file and a bad pasted link are refused with the reason, the game untouched; a good pasted link opens', async () => {
    // Files, links and state only: the page without its 3D view.
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=3&speed=instant', undefined, { webgl: false });
    await waitSettled(page);
    await playByGrid(page, readRecord((await rolitState(page)).record).game.legalMoves()[0]);
    await page.waitForFunction(() => window.rolit.state().moves.length === 1);
    await waitIdle(page);
    const live = await rolitState(page);

    // A .rolit file with a move that is not a socket.
    await (await useControl(page, page.getByRole('button', { name: 'Open…' }))).click({ timeout: 120_000 });
    const bad = fixture('four-players').replace(/\n1\. (\w+) (\w+)/, '\n1. $1 z9');
    await page.getByTestId('record-file').setInputFiles(file('broken.rolit', bad));
    await expect.poll(() => page.getByRole('dialog').textContent(), { timeout: 60_000 }).toMatch(/broken\.rolit.*line \d+, column \d+/);
    await page.keyboard.press('Escape');
    expect(await rolitState(page)).toEqual(live);

    // Links pasted into the address bar of this page: only the fragment changes (no reload).
    await page.evaluate(() => (location.hash = '#record=1.@@@@'));
    await expect.poll(() => page.locator('body').textContent(), { timeout: 60_000 }).toMatch(/This link cannot be opened: the link's data has "@" at character 1/);
    expect(await rolitState(page)).toEqual(live);
    expect(await page.getByTestId('replay-bar').count()).toBe(0);
    const fragment = await recordFragment(fixture('team'));
    await page.evaluate((f) => (location.hash = `#${f}`), fragment);
    await page.getByTestId('replay-bar').waitFor({ timeout: 30_000 });
    await page.keyboard.press('End');
    await waitIdle(page);
    expect((await rolitState(page)).moves).toEqual(readRecord(fixture('team')).game.state.moves.map((m) => m.squares.join('+')));
    expect(page.url()).not.toContain('#');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Undo in a live game rolls the balls back (a frame mid-roll), to the position before the move', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=3&speed=instant');
    await waitForScene(page);
    await cameraView(page, 'View from above');
    // The take-back is of the second move: undone to the round's start, the board would be framed
    // again around the start ball's slot, and the pixels compared would move with it.
    const record = (await rolitState(page)).record;
    const rollsAfter = (first: string) => {
      const next = readRecord(record).game;
      next.play(first);
      return next.legalMoves().find((m) => { const c = next.check(m); return c.ok && c.rolls.length > 0; });
    };
    const opening = readRecord(record).game.legalMoves().find((m) => rollsAfter(m));
    if (!opening) throw new Error('no opening after which a move rolls a ball');
    await playByGrid(page, opening);
    await page.waitForFunction(() => window.rolit.state().moves.length === 1);
    await waitSettled(page);
    const game = readRecord((await rolitState(page)).record).game;
    const move = rollsAfter(opening)!;
    const check = game.check(move);
    if (!check.ok) throw new Error(check.reason);
    const rolled = check.rolls[0];
    const at = await socketPosition(page, move);
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() => window.rolit.state().moves.length === 2);
    await waitSettled(page);
    await useControl(page, page.getByLabel('Animation speed'), (c) => c.selectOption('0.25'));
    await page.locator('body').focus();
    const box = await socketBox(page, rolled, neighbour(rolled));
    const hide = (h: boolean) => page.evaluate((hidden) => document.querySelectorAll<HTMLElement>('.hud').forEach((el) => Object.assign(el.style, hidden ? { opacity: '0', pointerEvents: 'none' } : { opacity: '', pointerEvents: '' })), h);
    await hide(true);
    const after = await screenshot(page, 'undo-before', 120_000);
    await page.keyboard.press('u'); // the Undo shortcut: the HUD is hidden for the pixels
    // Frames while the take-back plays (as many as a loaded machine draws); one must be mid-roll.
    const frames: Awaited<ReturnType<typeof screenshot>>[] = [];
    while (frames.length < 12 && (await page.evaluate(() => window.rolit.busy()))) frames.push(await screenshot(page, 'undo-mid-roll', 120_000));
    await waitIdle(page);
    const before = await screenshot(page, 'undo-after', 120_000);
    await hide(false);
    const region = (png: typeof before) => {
      const out = { ...png, width: box.w, height: box.h, data: Buffer.alloc(box.w * box.h * 4) } as typeof before;
      for (let y = 0; y < box.h; y++) png.data.copy(out.data, y * box.w * 4, ((box.y + y) * png.width + box.x) * 4, ((box.y + y) * png.width + box.x + box.w) * 4);
      return out;
    };
    expect(await socketColour(page, after, rolled)).toBe(game.state.toMove);
    expect(await socketColour(page, before, rolled)).toBe(game.state.board[rolled]);
    const midRoll = frames.filter((mid) => changedPixels(region(mid), region(after)) > 20 && changedPixels(region(mid), region(before)) > 20);
    expect(frames.length, 'frames taken while the take-back played').toBeGreaterThan(0);
    expect(midRoll.length, `frames with ${rolled} between its two colours`).toBeGreaterThan(0);
    expect((await rolitState(page)).moves).toEqual([opening]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
