/**
 * Watching computer games in the built app: pause and step, captions in the move list, taking a
 * seat over and handing it back, a match that goes on to its next round by itself. The tests that
 * look only at the controls, texts and game state open the page without WebGL (harness.withoutWebGL).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseRecord } from '../../src/engine/index';
import { hideEngineHelp, openApp, rolitState, screenshot, socketPosition, waitForScene, waitIdle, waitSettled, useControl } from './harness';
import { useBuiltApp } from './builtApp';

const app = useBuiltApp();

const moveCount = (page: Page) => page.evaluate(() => window.rolit.state().moves.length);
const Name = (c: string) => c[0].toUpperCase() + c.slice(1);
const corners = new Set(['a1', 'a8', 'h1', 'h8']);

describe('watching computer games', { timeout: 240_000 }, () => {
  it('Space pauses (nothing moves for seconds), N steps exactly one move, Space resumes', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=ai:greedy,ai:greedy,ai:greedy,ai:greedy&seed=3&speed=2', undefined, { webgl: false, engineHelp: false }); // animated: the round lasts long enough to pause in
    await page.getByTitle('Pause the computer players (Space)').waitFor();
    await page.waitForFunction(() => window.rolit.state().moves.length >= 2);
    await page.keyboard.press('Space');
    await page.getByTitle('Let the computer players play on (Space)').waitFor();
    // Settled while paused: no computer move is asked for (one already on its way may land first).
    await waitSettled(page);
    const paused = await moveCount(page);
    await waitSettled(page);
    expect(await moveCount(page)).toBe(paused);
    await screenshot(page, 'watch-paused'); // the caption, Resume/Step
    await page.keyboard.press('n');
    await page.waitForFunction((n) => window.rolit.state().moves.length === n + 1, paused);
    await waitSettled(page);
    expect(await moveCount(page)).toBe(paused + 1);
    await page.getByTitle('Play one computer move, then pause (N)').click();
    await page.waitForFunction((n) => window.rolit.state().moves.length === n + 2, paused);
    await waitSettled(page);
    expect(await moveCount(page)).toBe(paused + 2);
    await page.keyboard.press('Space');
    await page.waitForFunction((n) => window.rolit.state().moves.length > n + 4, paused);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the evaluation bar shows one value per colour in play summing to 100%, the graph follows', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=ai:greedy,ai:tactician,ai:greedy,ai:beginner&seed=6&speed=2', undefined, { webgl: false });
    await page.waitForFunction(() => window.rolit.state().moves.length >= 2, undefined, { timeout: 60_000 });
    await page.waitForFunction(() => window.rolit.state().moves.length >= 14, undefined, { timeout: 120_000 });
    await page.keyboard.press('Space');
    await waitIdle(page);
    // The estimate of the position on the board arrives by itself (the background search).
    const rows = page.locator('[data-testid=evaluation] tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    await expect.poll(() => page.locator('[data-testid=evaluation] td.win').allInnerTexts(), { timeout: 10_000 }).toEqual(expect.arrayContaining([expect.stringMatching(/^win \d+%$/)]));
    const wins = (await page.locator('[data-testid=evaluation] td.win').allInnerTexts()).map((s) => Number(/(\d+)%/.exec(s)![1]));
    const balls = (await page.locator('[data-testid=evaluation] td.n:not(.win)').allInnerTexts()).map((s) => Number(/(\d+)%/.exec(s)![1]));
    expect(wins.reduce((a, b) => a + b)).toBe(100);
    expect(balls.reduce((a, b) => a + b)).toBe(100);
    expect(await page.locator('[data-testid=evaluation] tbody tr').allInnerTexts()).toEqual([expect.stringContaining('Red'), expect.stringContaining('Yellow'), expect.stringContaining('Green'), expect.stringContaining('Blue')]);
    await page.getByTestId('win-graph').waitFor();
    expect(await page.locator('[data-testid=win-graph] polyline').count()).toBe(4);
    // The lines' initials never overlap, however close the chances are.
    const initials = await page.locator('[data-testid=win-graph] text.initial').evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect()).map((r) => [r.top, r.bottom]));
    expect(initials).toHaveLength(4);
    for (const [i, a] of initials.entries()) for (const b of initials.slice(i + 1)) expect(a[1] <= b[0] + 0.5 || b[1] <= a[0] + 0.5, `${a} and ${b} overlap`).toBe(true);
    // The graph took room from the move list: its last move is still in sight, not cut at the bottom.
    const cut = await page.evaluate(() => {
      const list = document.querySelector('.moves ol')!;
      return list.lastElementChild!.getBoundingClientRect().bottom - list.getBoundingClientRect().bottom;
    });
    expect(cut).toBeLessThanOrEqual(0);
    // Steady: the numbers do not change while paused.
    await waitSettled(page);
    expect((await page.locator('[data-testid=evaluation] td.win').allInnerTexts()).map((s) => Number(/(\d+)%/.exec(s)![1]))).toEqual(wins);
    // The bar was updated after the moves (each update is a user-timing mark; their times: npm run measure:evaluation).
    expect(await page.evaluate(() => performance.getEntriesByName('rolit:evaluation-update').length)).toBeGreaterThan(10);
    await screenshot(page, 'watch-evaluation');
    // The spoiler switch hides it, and the page remembers.
    await page.getByRole('button', { name: 'Hide' }).click();
    expect(await page.getByTestId('evaluation').count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Show who is winning' }).waitFor();
    expect(await page.getByTestId('evaluation').count()).toBe(0);
    await page.getByRole('button', { name: 'Show who is winning' }).click();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a person playing the computer gets no watch controls and engine help only when asked', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=human,ai:greedy&seed=2&speed=instant', undefined, { webgl: false });
    await waitSettled(page);
    expect(await page.getByTitle('Pause the computer players (Space)').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Take over' }).count()).toBe(0);
    // No help telling the player what to do: no win chance, strongest move, exact values or suggestion.
    const help = {
      evaluation: page.getByTestId('evaluation'),
      strongest: page.getByRole('button', { name: 'Strongest move' }),
      exact: page.getByLabel('Exact values'),
      suggest: page.getByRole('button', { name: 'Suggest', exact: true }),
    };
    await page.getByTestId('board-grid').waitFor({ state: 'attached' });
    for (const [what, control] of Object.entries(help)) expect(await control.count(), what).toBe(0);
    // Nor the analysis panel: its socket buttons would give the legal moves away.
    expect(await page.getByTestId('analysis').count()).toBe(0);
    // Its key says where to switch it on.
    await page.keyboard.press('s');
    await page.getByText('Engine help is off: switch it on in the menu.').waitFor();
    // One switch away, and remembered.
    await page.getByRole('button', { name: 'Show who is winning' }).click();
    for (const control of Object.values(help)) await control.waitFor();
    await page.reload();
    await waitSettled(page);
    for (const control of Object.values(help)) await control.waitFor();
    // The menu's switch hides it all again.
    await useControl(page, page.getByLabel('Engine help'), (c) => c.uncheck());
    for (const [what, control] of Object.entries(help)) expect(await control.count(), what).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('captions tell a corner capture and a free placement, in the move list and the status line', async () => {
    const { page, errors } = await openApp(app.browser, app.served, '?seats=ai:greedy,ai:beginner,ai:greedy,ai:beginner&seed=5&speed=instant', undefined, { webgl: false, engineHelp: false });
    // Stop at the end: pause as soon as the round is over would be too late for the status caption, so watch the list.
    await page.waitForFunction(() => window.rolit.state().over, undefined, { timeout: 120_000, polling: 200 });
    await waitIdle(page);
    const game = parseRecord((await rolitState(page)).record);
    const list = await page.locator('.moves li .caption').allInnerTexts();
    expect(list).toHaveLength(game.state.moves.length);
    let corner = 0;
    let free = 0;
    game.state.moves.forEach((m, i) => {
      const sq = m.squares.join('+');
      if (m.rolls.length === 0) {
        free++;
        expect(list[i]).toContain(`${Name(m.colour)} cannot capture: places freely on ${sq}`);
      } else if (corners.has(sq)) {
        corner++;
        expect(list[i]).toContain(`${Name(m.colour)} takes the ${sq} corner and rolls ${m.rolls.length}`);
      }
    });
    expect(corner, 'the round had a corner capture').toBeGreaterThan(0);
    expect(free, 'the round had a free placement').toBeGreaterThan(0);
    const r = game.state.result!;
    const expected = r.winners.length === 1 ? `${Name(game.setup.players[r.winners[0]][0])} wins ${[...r.playerScores].sort((a, b) => b - a).join('-')}` : 'share the win';
    await expect.poll(() => page.getByTestId('result-caption').innerText()).toContain(expected);
    expect(await page.locator('.moves li.result').innerText()).toContain(expected);
    await screenshot(page, 'watch-round-over-caption');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('take over a computer seat: its turns wait for a click; hand back: the computer plays on', async () => {
    // At 2x, not instant: at instant speed two greedy computers can finish the round before the pause.
    const { page, errors } = await openApp(app.browser, app.served, '?seats=ai:greedy,ai:greedy&seed=2&speed=2', undefined, { engineHelp: false });
    await waitForScene(page);
    await page.keyboard.press('Space'); // paused: the take-over happens at a known move
    await waitIdle(page);
    const seatOfRed = await page.evaluate(() => [...document.querySelectorAll('.seat')].findIndex((el) => /red ·/i.test(el.textContent ?? '')));
    expect(seatOfRed, 'the seat playing red').toBeGreaterThanOrEqual(0);
    const seat = page.locator('.seat').nth(seatOfRed);
    await seat.getByRole('button', { name: 'Take over' }).click();
    await seat.getByRole('button', { name: 'Hand back' }).waitFor();
    expect(await seat.innerText()).toContain('you, for computer · greedy');
    await page.keyboard.press('Space'); // resume: the other computer plays, red waits for us
    await page.waitForFunction(() => window.rolit.state().toMove === 'red' && !window.rolit.busy());
    const before = await moveCount(page);
    await waitSettled(page); // red is ours: no computer move is coming
    expect(await moveCount(page)).toBe(before);
    const game = parseRecord((await rolitState(page)).record);
    const move = game.legalMoves().find((m) => !m.includes('+'))!;
    const at = await socketPosition(page, move);
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction((n) => window.rolit.state().moves.length >= n + 1, before);
    expect((await rolitState(page)).moves[before]).toBe(move);
    await page.waitForFunction(() => window.rolit.state().toMove === 'red' && !window.rolit.busy());
    await seat.getByRole('button', { name: 'Hand back' }).click();
    await page.waitForFunction((n) => window.rolit.state().moves.length >= n + 4, before);
    expect(await seat.innerText()).toContain('computer · greedy');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a placement sends sounds into the audio graph, only after a user gesture', async () => {
    const page = await app.browser.newPage({ viewport: { width: 960, height: 640 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A returning visitor (the rules panel would pause the page), as openApp does.
    await page.addInitScript(() => localStorage.setItem('rolit.settings.v1', JSON.stringify({ rulesSeen: true })));
    await hideEngineHelp(page);
    // Spy: count the sources started on any AudioContext (oscillators and noise bursts).
    await page.addInitScript(() => {
      const w = window as unknown as { soundsStarted: number; contexts: number };
      w.soundsStarted = 0;
      w.contexts = 0;
      const Real = window.AudioContext;
      window.AudioContext = class extends Real {
        constructor(options?: AudioContextOptions) {
          super(options);
          w.contexts++;
        }
      };
      for (const Node of [OscillatorNode, AudioBufferSourceNode]) {
        const start = Node.prototype.start;
        Node.prototype.start = function (this: AudioScheduledSourceNode, ...args: [number?]) {
          w.soundsStarted++;
          return start.apply(this, args);
        };
      }
    });
    await page.goto(`${app.served.url}?seats=human,human,human,human&seed=1&speed=1`);
    await waitForScene(page);
    await waitIdle(page);
    const counts = () =>
      page.evaluate(() => {
        const w = window as unknown as { soundsStarted: number; contexts: number };
        return { soundsStarted: w.soundsStarted, contexts: w.contexts };
      });
    expect(await counts()).toEqual({ soundsStarted: 0, contexts: 0 }); // nothing before a gesture, though the start balls landed
    const game = parseRecord((await rolitState(page)).record);
    const at = await socketPosition(page, game.legalMoves()[0]);
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() => window.rolit.state().moves.length === 1);
    await waitIdle(page);
    const after = await counts();
    expect(after.contexts).toBe(1);
    expect(after.soundsStarted).toBeGreaterThanOrEqual(2); // the drop (click + thump), then the rolls
    // Muted: the next placement sends nothing.
    await useControl(page, page.getByRole('button', { name: 'Sound' }), (c) => c.click());
    const at2 = await socketPosition(page, parseRecord((await rolitState(page)).record).legalMoves()[0]);
    await page.mouse.click(at2.x, at2.y);
    await page.waitForFunction(() => window.rolit.state().moves.length === 2);
    await waitIdle(page);
    expect((await counts()).soundsStarted).toBe(after.soundsStarted);
    await useControl(page, page.getByRole('button', { name: 'Muted' }), (c) => c.click()); // leave the stored setting as found
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a match of computers goes on to its second round without a click, after a visible countdown', async () => {
    // The page's clock is Playwright's: the countdown is skipped through, not waited for.
    const context = await app.browser.newContext({ viewport: { width: 960, height: 640 } });
    await context.clock.install();
    const { page, errors } = await openApp(app.browser, app.served, '?seats=ai:greedy,ai:beginner&size=6&seed=8&speed=instant', undefined, { webgl: false, context, engineHelp: false });
    await page.getByTestId('countdown').waitFor({ timeout: 120_000 });
    const seconds = Number(/Next round in (\d+) s/.exec(await page.getByTestId('countdown').innerText())?.[1]);
    expect(seconds).toBeGreaterThan(0);
    await screenshot(page, 'watch-countdown');
    await page.clock.fastForward(seconds * 1000);
    // Round 2 or later (a slow screenshot above may outlast a whole instant round and its countdown).
    await page.waitForFunction(() => Number(/^Round (\d+) over/.exec(document.querySelector('[data-testid=round-over] h2')?.textContent ?? '')?.[1] ?? 0) >= 2, undefined, { timeout: 120_000, polling: 200 });
    const state = await rolitState(page);
    expect(state.over).toBe(true);
    expect(Object.values(state.scores).reduce((a, b) => a + (b ?? 0), 0)).toBe(36);
    expect(errors).toEqual([]);
    await page.close();
  });
});
