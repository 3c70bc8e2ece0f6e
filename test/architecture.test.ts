/**
 * The layers of src/ (README.md, Architecture) as dependency-cruiser rules (.dependency-cruiser.cjs):
 * `npm test` fails on an import that crosses a layer the wrong way or closes a cycle. The rules
 * are also run on a small fixture that breaks them, so a rule that matches nothing is seen.
 */
import { resolve } from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

async function violations(baseDir: string, options: ICruiseOptions): Promise<string[]> {
  const { output } = await cruise(['src'], { ...options, baseDir, validate: true });
  return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name).join(' -> ')})` : ''}`);
}

it('src/ keeps its layers, with no import cycle', async () => {
  const options = await extractDepcruiseOptions(resolve(root, '.dependency-cruiser.cjs'));
  expect(await violations(root, options)).toEqual([]);
}, 120_000);

it('the rules catch a flow naming the page, a server importing the UI, and a cycle', async () => {
  const { tsConfig: _, ...options } = await extractDepcruiseOptions(resolve(root, '.dependency-cruiser.cjs'));
  const found = await violations(resolve(root, 'test/fixtures/layers'), options);
  expect(found).toEqual(
    expect.arrayContaining([
      'flow-on-engine: src/flow/turns.ts -> src/app/session.ts',
      'server-without-page: src/server/room.ts -> src/ui/panel.ts',
      expect.stringMatching(/^no-cycles: src\/(app\/session|flow\/turns)\.ts/),
    ]),
  );
  expect(found.some((v) => v.includes('src/engine/'))).toBe(false);
}, 120_000);
