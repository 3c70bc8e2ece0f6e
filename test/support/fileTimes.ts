/**
 * A vitest reporter that prints, once the run is over, how long each test file took (its import
 * plus its tests and hooks), slowest first, with the sum: where the run's time goes.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Files listed one by one; the rest are summed on one line (the unit run has many quick files). */
const LISTED = 25;

export default class FileTimes implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (testModules.length === 0) return;
    const times = testModules
      .map((m) => {
        const d = m.diagnostic();
        return { file: relative(process.cwd(), m.moduleId), ms: d.collectDuration + d.duration, state: m.state() };
      })
      .sort((a, b) => b.ms - a.ms);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
    const lines = times.slice(0, LISTED).map((t) => `${seconds(t.ms)}  ${t.file}${t.state === 'failed' ? '  (failed)' : ''}`);
    const rest = times.slice(LISTED);
    if (rest.length > 0) lines.push(`${seconds(rest.reduce((sum, t) => sum + t.ms, 0))}  ${rest.length} more files`);
    const total = times.reduce((sum, t) => sum + t.ms, 0);
    process.stdout.write(`\nTime per test file (import + tests):\n${lines.join('\n')}\n${seconds(total)}  in all (${times.length} files)\n`);
  }
}
