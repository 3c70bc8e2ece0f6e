/**
 * Renders the installed app's icons (public/icons/, named by the manifest: scripts/appManifest.ts)
 * from the board itself: the built app in headless Chromium, seen from above at the start of a round,
 * its four centre balls (red, yellow, blue, green) in their sockets with the ring of empty sockets
 * around them. Run it after a change to the board's or the balls' look, and commit the PNGs:
 *
 *   npx vite build && npm run make:icons
 *
 * - icon-192.png, icon-512.png (purpose "any"): that square of the board with rounded corners;
 * - icon-maskable-512.png (purpose "maskable"): the same square to the edges, for the platform's own
 *   mask: the four balls lie inside the safe circle (80 % of the side) any mask keeps;
 * - apple-touch-icon.png (180 px, to the edges: iOS rounds it itself), linked by index.html.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { cameraView, launchChromium, openApp, serveBuiltApp, socketPosition, waitForScene, waitSettled } from '../test/browser/harness';

const OUT = resolve('public/icons');
/** Four sockets a side (c3 to f6): the centre's four balls and the empty sockets around them. */
const CORNERS = ['c3', 'f6'] as const;
const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true },
  { file: 'icon-512.png', size: 512, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, rounded: false },
];

async function main(): Promise<void> {
  const served = await serveBuiltApp();
  const browser = await launchChromium();
  try {
    // Twice the pixels at the screen's full ratio (graphics=sharp), so that even the 512 px icons are scaled down, never up.
    const context = await browser.newContext({ viewport: { width: 1000, height: 1000 }, deviceScaleFactor: 2 });
    const { page, errors } = await openApp(browser, served, '?seats=human,human,human,human&seed=3&speed=instant&graphics=sharp', { width: 1000, height: 1000 }, { context, engineHelp: false });
    await waitForScene(page);
    await waitSettled(page);
    await cameraView(page, 'View from above');
    // The board alone: every text and panel of the page hidden, the canvas shown.
    await page.addStyleTag({ content: '* { visibility: hidden !important } canvas { visibility: visible !important }' });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const [first, last] = await Promise.all(CORNERS.map((square) => socketPosition(page, square)));
    const pitch = (last.x - first.x) / 3;
    const clip = { x: first.x - pitch / 2, y: first.y - pitch / 2, width: pitch * 4, height: pitch * 4 };
    const board = await page.screenshot({ clip });
    if (errors.length > 0) throw new Error(`the page reported errors: ${errors.join('; ')}`);

    mkdirSync(OUT, { recursive: true });
    for (const { file, size, rounded } of ICONS) {
      const icon = sharp(board).resize(size, size, { kernel: 'lanczos3' });
      // The rounded square's corners made transparent: the board's square kept where a mask of that shape is opaque.
      if (rounded) icon.composite([{ input: Buffer.from(`<svg width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${size * 0.2}"/></svg>`), blend: 'dest-in' }]);
      // 256 colours (libimagequant, dithered): a quarter of the true-colour file's bytes, no visible change.
      const bytes = await icon.png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();
      writeFileSync(resolve(OUT, file), bytes);
      console.log(`${resolve(OUT, file)}: ${size}x${size} px, ${bytes.length} bytes`);
    }
  } finally {
    await browser.close();
    await served.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
