/**
 * The start throw as a player sees it, on a laptop and a phone held upright: the camera follows the
 * ball, which stays on screen and lands in view, and is back at the player's view as the throw
 * ends, resting clear of every panel; with reduced motion the camera stays put and the ball lies in
 * view near the board. The supply box is sized like a real one: smaller than the board, beside it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, screenshot, waitForScene, waitSettled, useControl } from './harness';
import { useBuiltApp } from './builtApp';
import { BOARD_WIDTH, PITCH } from '../../src/scene/layout';

const app = useBuiltApp();

type Box = { left: number; top: number; right: number; bottom: number };
interface Sample {
  x: number;
  y: number;
  /** The ball's radius on screen (CSS px). */
  radius: number;
  centre: [number, number, number];
  busy: boolean;
  a1: { x: number; y: number };
}

/** Records the thrown ball every animation frame until the throw has played and the page is idle, in the page. */
async function recordThrow(page: Page): Promise<Sample[]> {
  return page.evaluate(
    () =>
      new Promise<Sample[]>((resolve) => {
        const samples: Sample[] = [];
        let quiet = 0;
        const tick = () => {
          const ball = window.rolit.thrownBall();
          const busy = window.rolit.busy();
          if (ball) samples.push({ x: ball.x, y: ball.y, radius: ball.radius, centre: ball.centre, busy, a1: window.rolit.socketScreenPosition('a1')! });
          // Done once the round waits for its first move and the drawn picture has stopped changing for a while.
          quiet = !busy && samples.length > 0 ? quiet + 1 : 0;
          if (quiet > 90) resolve(samples);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** The board's sockets' box on screen (the corner sockets' centres). */
async function socketsBox(page: Page): Promise<Box> {
  const corners = await page.evaluate(() => ['a1', 'a8', 'h1', 'h8'].map((s) => window.rolit.socketScreenPosition(s)!));
  return {
    left: Math.min(...corners.map((c) => c.x)),
    right: Math.max(...corners.map((c) => c.x)),
    top: Math.min(...corners.map((c) => c.y)),
    bottom: Math.max(...corners.map((c) => c.y)),
  };
}

/**
 * The panels over the canvas the resting start ball must stay clear of (the status line's words,
 * not its empty slot), each as its box on the page.
 */
async function panelBoxes(page: Page): Promise<(Box & { name: string })[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.seats, .toolbar, .moves, .status .bar, .evaluation, .analysis')].map((e) => {
      const r = e.getBoundingClientRect();
      return { name: e.className, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }),
  );
}

/** The panels the ball (its disc on screen) overlaps, by class name. */
async function panelsOver(page: Page, ball: { x: number; y: number; radius: number }): Promise<string[]> {
  const panels = await panelBoxes(page);
  return panels.filter((p) => ball.x + ball.radius > p.left && ball.x - ball.radius < p.right && ball.y + ball.radius > p.top && ball.y - ball.radius < p.bottom).map((p) => p.name);
}

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe('the start throw and the tray', { timeout: 600_000 }, () => {
  // Seeds with few throws (each throw is seconds of software-drawn frames): seed 2 throws twice (so a
  // laptop's page draws enough frames of it), 4 once.
  for (const [name, viewport, seed] of [['laptop', LAPTOP, 2], ['phone', PHONE, 4]] as const) {
    it(`on a ${name}: with reduced motion the camera stays and the ball lies in view near the board; the tray is smaller than the board, beside it (out of view on a phone)`, async () => {
      const { page, errors } = await openApp(app.browser, app.served, '?seats=human,human&seed=5', viewport); // one throw
      page.setDefaultTimeout(120_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await waitForScene(page);
      const samples = await recordThrow(page);
      await waitSettled(page);
      await screenshot(page, `throw-${name}-reduced`, 120_000);
      // The camera never moved: a1 stayed where it was.
      const a1 = samples[0].a1;
      for (const s of samples) expect(Math.hypot(s.a1.x - a1.x, s.a1.y - a1.y)).toBeLessThan(1);
      const rest = samples.at(-1)!;
      const board = await socketsBox(page);
      expect(rest.x).toBeGreaterThan(0);
      expect(rest.x).toBeLessThan(viewport.width);
      expect(rest.y).toBeGreaterThan(0);
      expect(rest.y).toBeLessThan(viewport.height);
      // Near the board: within a third of the board's size from its sockets.
      const reach = (board.right - board.left) / 3;
      expect(rest.x).toBeGreaterThan(board.left - reach);
      expect(rest.x).toBeLessThan(board.right + reach);
      expect(rest.y).toBeGreaterThan(board.top - reach);
      expect(rest.y).toBeLessThan(board.bottom + reach);
      expect(await panelsOver(page, rest)).toEqual([]);

      // The supply: its longer side on screen well under the board's (a real box of the balls is far
      // smaller than the board), and clear of the board, close beside it; on a phone it stands out of
      // view (phoneSupply.test.ts), the board taking the screen's width.
      const tray = (await page.evaluate(() => window.rolit.supplyScreenBox())) as Box;
      if (name === 'phone') {
        expect(tray.bottom <= 0 || tray.top >= viewport.height || tray.right <= 0 || tray.left >= viewport.width).toBe(true);
        expect(errors).toEqual([]);
        await page.close();
        return;
      }
      const span = Math.max(board.right - board.left, board.bottom - board.top);
      const boardSide = (span * BOARD_WIDTH) / (7 * PITCH);
      expect(Math.max(tray.right - tray.left, tray.bottom - tray.top)).toBeLessThan(boardSide * 0.8);
      const overlaps = tray.left < board.right && tray.right > board.left && tray.top < board.bottom && tray.bottom > board.top;
      expect(overlaps).toBe(false);
      const gap = Math.max(tray.left - board.right, board.left - tray.right, tray.top - board.bottom, board.top - tray.bottom);
      expect(gap).toBeLessThan(span / 3);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`on a ${name}: the camera follows the throw, the ball on screen all along and near the middle, and is back at the player's view as the throw ends, the resting ball clear of every panel`, async () => {
      const { page, errors } = await openApp(app.browser, app.served, `?seats=human,human&seed=${seed}`, viewport);
      page.setDefaultTimeout(120_000);
      await waitForScene(page);
      const samples = await recordThrow(page);
      const thrown = samples.filter((s) => s.busy);
      expect(thrown.length).toBeGreaterThan(5); // a software-drawn page draws few frames of a throw
      // Every frame of the throw shows the ball: its centre on the page.
      const off = thrown.filter((s) => s.x < 0 || s.x > viewport.width || s.y < 0 || s.y > viewport.height);
      expect(off.map((s) => `${Math.round(s.x)},${Math.round(s.y)}`)).toEqual([]);
      // Followed: for much of the throw the ball is in the middle part of the screen.
      const centred = thrown.filter((s) => Math.abs(s.x - viewport.width / 2) < viewport.width * 0.3 && Math.abs(s.y - viewport.height / 2) < viewport.height * 0.3);
      expect(centred.length).toBeGreaterThan(thrown.length / 3);
      await waitSettled(page);
      await screenshot(page, `throw-${name}-after`, 120_000);
      // At rest the ball lies on screen, under none of the panels (on a phone, below the board, above the status line).
      const resting = (await page.evaluate(() => window.rolit.thrownBall()))!;
      expect(resting.y + resting.radius).toBeLessThan(viewport.height);
      expect(await panelsOver(page, resting)).toEqual([]);
      // Above the status line's slot too (on a phone its words stand at the top of the screen while the throw's caption shows).
      const slot = await page.evaluate(() => document.querySelector('.status-line')!.getBoundingClientRect().top);
      expect(resting.y + resting.radius).toBeLessThanOrEqual(slot);
      // With the ball at rest the status line's words ("Blue starts") are back in their slot, over neither the seats nor the moves.
      const covered = await page.evaluate(() => {
        const bar = document.querySelector('.status .bar')!.getBoundingClientRect();
        return [...document.querySelectorAll('.seats, .moves')]
          .filter((e) => {
            const r = e.getBoundingClientRect();
            return r.left < bar.right && r.right > bar.left && r.top < bar.bottom && r.bottom > bar.top;
          })
          .map((e) => e.className);
      });
      expect(covered).toEqual([]);
      // The camera moved during the throw (a1 went elsewhere on the page) and was back at the player's
      // view when the throw ended (the first frame that waits for a move); Reset view (the player's
      // side) then leaves a1 where it is.
      const back = (await page.evaluate(() => window.rolit.socketScreenPosition('a1')))!;
      expect(Math.max(...thrown.map((s) => Math.hypot(s.a1.x - back.x, s.a1.y - back.y)))).toBeGreaterThan(20);
      // The sample of the frame the throw ends in may be taken before the scene has drawn that frame
      // (the director's clock and the scene run in separate animation-frame callbacks), so the frame
      // after it shows the first picture of the waiting board.
      const endsAt = samples.findIndex((s, i) => i > 0 && !s.busy && samples[i - 1].busy);
      const ended = samples[endsAt + 1];
      expect(Math.hypot(ended.a1.x - back.x, ended.a1.y - back.y)).toBeLessThan(1);
      await useControl(page, page.getByRole('button', { name: 'Reset view' }), (c) => c.click());
      await waitSettled(page);
      const reset = (await page.evaluate(() => window.rolit.socketScreenPosition('a1')))!;
      expect(Math.hypot(reset.x - back.x, reset.y - back.y)).toBeLessThan(2);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
