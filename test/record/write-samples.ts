/** Rewrites test/fixtures/records/*.rolit from sampleRecords(): `npx tsx test/record/write-samples.ts`. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleRecords } from './samples';

const dir = join(import.meta.dirname, '../fixtures/records');
for (const { file, text } of sampleRecords()) {
  writeFileSync(join(dir, file), text);
  console.log(`wrote ${join(dir, file)}`);
}
