/**
 * Bakes the start throws the page plays (src/scene/throwFile.ts): BAKED_THROWS throws simulated
 * under rigid-body physics (src/scene/throwPhysics.ts), written to public/throws/ in order of
 * their brotli size, largest first (so the byte budget, package.json's size-limit, counts the
 * largest: throw-00). Run it after changing the throw's physics, the table's layout or the file's
 * encoding:
 *
 *   npm run bake:throws
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { BAKED_THROWS, bakedThrowName, encodeThrow } from '../src/scene/throwFile';
import { simulateThrow } from '../src/scene/throwPhysics';

const DIR = resolve('public/throws');
/** The seeds simulated; the tray stands beside the board (the throws never come near it on either side). */
const SEEDS = Array.from({ length: BAKED_THROWS }, (_, i) => (i + 1) * 7919);

const texts = SEEDS.map((seed) => {
  const rec = simulateThrow(seed, 'beside');
  if (!rec.settled || rec.upright <= 0.97) throw new Error(`the throw of seed ${seed} does not come to rest squarely on a face`);
  const text = `${JSON.stringify(encodeThrow(rec, seed))}\n`;
  return { text, brotli: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
}).sort((a, b) => b.brotli - a.brotli);

mkdirSync(DIR, { recursive: true });
for (const old of readdirSync(DIR)) rmSync(resolve(DIR, old));
texts.forEach(({ text }, index) => writeFileSync(resolve(DIR, bakedThrowName(index)), text));
const bytes = texts.reduce((sum, t) => sum + t.text.length, 0);
console.log(`${DIR}: ${texts.length} throws, ${bytes} bytes (${texts.reduce((sum, t) => sum + t.brotli, 0)} brotli; the largest ${texts[0].brotli})`);
