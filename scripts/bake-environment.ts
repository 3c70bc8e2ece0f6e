/**
 * Bakes the studio's prefiltered reflections into src/scene/studio-environment.png (see
 * src/scene/environmentMap.ts): the studio rendered and prefiltered by three.js in headless
 * Chromium, served by a vite dev server of this checkout. Run it after changing the studio
 * (src/scene/studioEnvironment.ts) or the encoding:
 *
 *   npm run bake:environment
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PNG } from 'pngjs';
import { createServer } from 'vite';
import { launchChromium } from '../test/browser/harness';

const OUT = resolve('src/scene/studio-environment.png');

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
    const png = new PNG({ width: baked.width, height: baked.height, colorType: 2, inputHasAlpha: false });
    png.data = Buffer.from(baked.rgb);
    // Deflate's "filtered" strategy suits rows of filtered pixels: 5% smaller than pngjs's default (run-length only).
    const bytes = PNG.sync.write(png, { colorType: 2, inputHasAlpha: false, deflateLevel: 9, deflateStrategy: 1 });
    writeFileSync(OUT, bytes);
    console.log(`${OUT}: ${baked.width}x${baked.height} px, ${bytes.length} bytes; brightest radiance ${baked.brightest.toFixed(2)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
