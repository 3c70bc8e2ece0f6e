/** The wire is shared by the server, the page and bots: it imports the engine and zod only, never a side of it. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const WIRE = join(import.meta.dirname, '../../src/wire');

it('imports only the engine, zod and itself', () => {
  const files = readdirSync(WIRE).filter((f) => f.endsWith('.ts'));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const imports = [...readFileSync(join(WIRE, file), 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gms)].map((m) => m[1]);
    for (const from of imports) expect(from, `${file} imports ${from}`).toMatch(/^(zod|\.\.\/engine(\/.*)?|\.\/[\w.]+)$/);
  }
});
