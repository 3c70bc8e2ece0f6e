/** A video clip of five replayed moves in Chromium: a WebM file of plausible size, recorded over the animations' time. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { downloadBytes, openApp, rolitState, screenshot, waitForScene, waitIdle, useControl } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

const RECORD = readFileSync('test/fixtures/records/four-players.rolit', 'utf8');

describe('video clip in Chromium', { timeout: 300_000 }, () => {
  it('records 5 moves at 2x as a WebM with progress, then restores the speed', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=1&speed=1');
    await waitForScene(page);
    await (await useControl(page, page.getByRole('button', { name: 'Open…' }))).click();
    await page.getByLabel('Paste a record').fill(RECORD);
    await page.getByRole('button', { name: 'Open in replay' }).click();
    await page.getByTestId('replay-bar').waitFor();
    await waitIdle(page);
    // A replay opens at the round's end (the results panel up): back to the start first.
    await page.keyboard.press('Home');
    await waitIdle(page);
    await page.getByRole('button', { name: 'Clip…' }).click();
    await page.getByLabel('After move').fill('2');
    await page.getByLabel('to move').fill('7');
    await page.getByLabel('Clip speed').selectOption('2');
    const download = page.waitForEvent('download', { timeout: 240_000 });
    const started = Date.now();
    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByTestId('clip-progress').waitFor();
    await screenshot(page, 'clip-recording');
    const file = await download;
    const seconds = (Date.now() - started) / 1000;
    const bytes = await downloadBytes(file);
    console.log(`clip of 5 moves at 2x: ${bytes.length} bytes, recorded over ${seconds.toFixed(1)} s`);
    expect(file.suggestedFilename()).toBe('rolit-moves-3-7.webm');
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // the EBML (WebM) header
    expect(bytes.includes(Buffer.from('webm'))).toBe(true);
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(bytes.length).toBeLessThan(50_000_000);
    expect(seconds).toBeGreaterThan(2); // five moves' animations at 2x and the held frames
    expect((await rolitState(page)).moves).toHaveLength(7);
    await expect(page.getByLabel('Animation speed').inputValue()).resolves.toBe('1');
    expect(errors).toEqual([]);
    await page.close();
  });
});
