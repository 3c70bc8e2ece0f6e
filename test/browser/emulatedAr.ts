/**
 * An emulated AR device for the browser tests and the AR frame measurement: IWER, Meta's Immersive
 * Web Emulation Runtime (the `iwer` package), put on the page by an init script with its bundle
 * from node_modules (never part of the app), with one table top for its hit test. Kept apart from
 * vitest so scripts use it too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { Quaternion, Vector3 } from 'three';
import { parseSquare } from '../../src/engine/geometry';
import { BOARD_TOP, METRES_PER_UNIT, socketX, socketZ } from '../../src/scene/layout';
import { framesDrawn, useControl } from './harness';

/** What the tests move of IWER's emulated device (put on the page as window.xrDevice). */
interface EmulatedPose {
  position: { set(x: number, y: number, z: number): void };
  quaternion: { set(x: number, y: number, z: number, w: number): void };
}
declare global {
  interface Window {
    xrDevice: EmulatedPose & { controllers: { right: EmulatedPose & { updateButtonValue(button: string, value: number): void } } };
  }
}

/** The Menu's AR button, in English. */
export const AR_BUTTON = 'Your table (AR)';

const IWER_BUNDLE = readFileSync(createRequire(import.meta.url).resolve('iwer/build/iwer.min.js'), 'utf8');

/** The emulated room (metres, IWER's global space): the table top's height, and where the headset stands, above the table's near edge. */
const TABLE_Y = 0.75;
const HEAD: [number, number, number] = [0, 1.1, 0];
/** How far in front of the headset it looks down at the table. */
const LOOK_AHEAD = 0.3;
/** The colour of the emulated room behind the drawn board (the passthrough picture a phone would show). */
export const ROOM_RGB: [number, number, number] = [0x6e, 0x86, 0x9a];

/**
 * Puts IWER on every page of `context` before the app's scripts run: a Meta Quest 3 with one
 * horizontal surface for the hit test, standing at HEAD and looking level (its `local` space is
 * then HEAD, upright), as `window.xrDevice`.
 */
export async function emulateAr(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: IWER_BUNDLE });
  // Source text, not a function: tsx (the measurement scripts) would wrap a named class in a helper the page lacks.
  await context.addInitScript({
    content: `(() => {
      const tableY = ${TABLE_Y};
      // IWER's synthetic environment, reduced to one table top: what its hit test needs, and a backdrop in the room's colour.
      class TableTop {
        environmentCanvas = document.createElement('canvas');
        trackedPlanes = new Set();
        trackedMeshes = new Set();
        constructor() {
          this.environmentCanvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;background:rgb(${ROOM_RGB.join(',')})';
        }
        render() {}
        // The ray (a pose whose -Z is its direction) meets the table top: one hit, upright.
        computeHitTestResults(ray) {
          const along = (tableY - ray[13]) / -ray[9];
          if (!(along > 0)) return [];
          const hit = new Float32Array(16);
          hit[0] = hit[5] = hit[10] = hit[15] = 1;
          hit[12] = ray[12] - along * ray[8];
          hit[13] = tableY;
          hit[14] = ray[14] - along * ray[10];
          return [hit];
        }
      }
      const device = new IWER.XRDevice(IWER.metaQuest3);
      device.installRuntime({ forceInstall: true });
      device.installSEM(TableTop);
      device.position.set(${HEAD.join(', ')});
      window.xrDevice = device;
    })();`,
  });
}

/** Turns the headset to look down at the table LOOK_AHEAD in front of it. */
export async function lookDown(page: Page): Promise<void> {
  const down = Math.atan2(HEAD[1] - TABLE_Y, LOOK_AHEAD);
  await page.evaluate((angle) => window.xrDevice.quaternion.set(-Math.sin(angle / 2), 0, 0, Math.cos(angle / 2)), down);
}

/** Where a socket's centre is in the room: the board stands where the headset looked, its red side toward it (then `turned` about its centre, radians counter-clockwise from above), at the physical size. */
export function socketInRoom(square: string, turned = 0): Vector3 {
  const index = parseSquare(8, square);
  const onBoard = new Vector3(socketX(index), BOARD_TOP, socketZ(index)).applyAxisAngle(new Vector3(0, 1, 0), turned);
  return onBoard.multiplyScalar(METRES_PER_UNIT).add(new Vector3(HEAD[0], TABLE_Y, HEAD[2] - LOOK_AHEAD));
}

/** Squeezes the right controller's grip once (a headset's way to pick the board up). */
export async function squeezeGrip(page: Page): Promise<void> {
  await page.evaluate(() => window.xrDevice.controllers.right.updateButtonValue('squeeze', 1));
  await framesDrawn(page, 2);
  await page.evaluate(() => window.xrDevice.controllers.right.updateButtonValue('squeeze', 0));
  await framesDrawn(page, 2);
}

/** Points the right controller from beside the headset at `target` (or straight ahead) and pulls its trigger once. */
export async function pullTrigger(page: Page, target?: Vector3): Promise<void> {
  const from = new Vector3(0.1, 0.95, -0.05);
  const turn = target ? new Quaternion().setFromUnitVectors(new Vector3(0, 0, -1), target.clone().sub(from).normalize()) : new Quaternion();
  const pose = { position: from.toArray(), quaternion: turn.toArray() as [number, number, number, number] };
  await page.evaluate(({ position, quaternion }) => {
    const right = window.xrDevice.controllers.right;
    right.position.set(...position);
    right.quaternion.set(...quaternion);
    right.updateButtonValue('trigger', 1);
  }, pose);
  // IWER applies a button's value at the next frame: pressed, then released.
  await framesDrawn(page, 2);
  await page.evaluate(() => window.xrDevice.controllers.right.updateButtonValue('trigger', 0));
  await framesDrawn(page, 2);
}


/** Enters AR with the Menu's button, by keyboard, and waits for the board to wait for a surface. */
export async function enterArFromMenu(page: Page): Promise<void> {
  await useControl(page, page.getByRole('button', { name: AR_BUTTON }), async (control) => {
    await control.focus();
    await page.keyboard.press('Enter');
  });
  await page.locator('.ar-controls[data-ar-phase="placing"]').waitFor({ timeout: 60_000 });
}

/** Enters AR, looks down at the table and places the board there with the trigger. */
export async function placeBoard(page: Page): Promise<void> {
  await enterArFromMenu(page);
  await lookDown(page);
  await framesDrawn(page, 3);
  await pullTrigger(page);
  await page.locator('.ar-controls[data-ar-phase="placed"]').waitFor({ timeout: 60_000 });
}
