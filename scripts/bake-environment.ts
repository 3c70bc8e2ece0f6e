/**
 * Bakes the studio's prefiltered reflections into src/scene/studio-environment.webp (see
 * src/scene/environmentMap.ts): the studio rendered and prefiltered by three.js in headless
 * Chromium, served by a vite dev server of this checkout. Run it after changing the studio
 * (src/scene/studioEnvironment.ts) or the encoding:
 *
 *   npm run bake:environment
 */
import { resolve } from 'node:path';
import sharp from 'sharp';
import { createServer } from 'vite';
import { launchChromium } from '../test/browser/harness';

const OUT = resolve('src/scene/studio-environment.webp');

async function main(): Promise<void> {
  const server = await createServer({ configFile: false, logLevel: 'silent', server: { host: '127.0.0.1', port: 0, hmr: false } });
  await server.listen();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.resolvedUrls!.local[0]}favicon.svg`);
    const baked = await page.evaluate(async (module) => {
      const { bake } = (await import(/* @vite-ignore */ module)) as typeof import('./environment/bakeInBrowser');
      return bake();
    }, '/scripts/environment/bakeInBrowser.ts');
    if (errors.length) throw new Error(errors.join('\n'));
    // Lossless WebP at its slowest, smallest setting: 4.7 KB, against 7.5 KB for pngjs's best PNG of these pixels.
    const { size } = await sharp(Buffer.from(baked.rgb), { raw: { width: baked.width, height: baked.height, channels: 3 } })
      .webp({ lossless: true, effort: 6 })
      .toFile(OUT);
    console.log(`${OUT}: ${baked.width}x${baked.height} px, ${size} bytes; brightest radiance ${baked.brightest.toFixed(2)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
