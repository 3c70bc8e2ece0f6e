/**
 * Fuzzing the record reader and `rolit replay` with sample records cut, spliced and sprinkled
 * with noise: a record is read or refused with a RecordError naming a line and column inside the
 * text and saying what is wrong, never any other throw; replay prints either the game (no
 * terminal control characters) or `<file>:<line>:<column>: <reason>` with exit code 1.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecord, RecordError } from '../../src/engine/index';
import { rolit } from '../cli/run';
import { sampleRecords } from '../record/samples';

const SAMPLES = sampleRecords().map((s) => s.text);

/** Characters a terminal would act on (C0 but tab and line breaks, DEL, C1). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const noise = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.constantFrom('[', ']', '"', '\\', ';', '\n', '\r', '\r\n', '\uFEFF', '{time}', '1.', '99999999999999999999.', ' red ', '+', '[Size "6"]', '[Result "*"]', '[Red "\u001b[31m"]', '[__proto__ "x"]', '\u0000'),
);

/** One change to a record's text. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: noise }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant('swapLines' as const), at: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function apply(text: string, e: Edit): string {
  const at = text.length ? e.at % (text.length + 1) : 0;
  switch (e.kind) {
    case 'insert':
      return text.slice(0, at) + e.text + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + e.length);
    case 'cut':
      return text.slice(0, at);
    case 'swapLines': {
      const lines = text.split('\n');
      const [i, j] = [e.at % lines.length, e.other % lines.length];
      [lines[i], lines[j]] = [lines[j], lines[i]];
      return lines.join('\n');
    }
  }
}

const mutatedRecord = fc.tuple(fc.constantFrom(...SAMPLES), fc.array(edit, { minLength: 1, maxLength: 4 })).map(([text, edits]) => edits.reduce(apply, text));

/** The problem readRecord reports, or null when it reads the text. */
function readProblem(text: string): RecordError | null {
  try {
    readRecord(text);
    return null;
  } catch (e) {
    if (e instanceof RecordError) return e;
    throw e;
  }
}

describe('record reader fuzz', () => {
  it('reads a record or refuses it with a RecordError saying what and where', () => {
    fc.assert(
      fc.property(fc.oneof(mutatedRecord, fc.string({ maxLength: 200 })), (text) => {
        const problem = readProblem(text);
        if (!problem) return;
        const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
        expect(problem.line).toBeGreaterThanOrEqual(1);
        expect(problem.line).toBeLessThanOrEqual(lines.length + 1);
        expect(problem.column).toBeGreaterThanOrEqual(1);
        if (problem.line <= lines.length) expect(problem.column).toBeLessThanOrEqual(Array.from(lines[problem.line - 1]).length + 1);
        expect(problem.reason.trim()).not.toBe('');
        expect(problem.reason).not.toMatch(CONTROL);
      }),
      { numRuns: 600, seed: 2025 },
    );
  });

  const dir = mkdtempSync(join(tmpdir(), 'rolit-fuzz-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('replay prints the game or file:line:column: reason, and no control characters', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(mutatedRecord, async (text) => {
        const file = join(dir, `r${runs++}.rolit`);
        writeFileSync(file, text);
        const r = await rolit(['replay', file]);
        const problem = readProblem(text);
        if (problem) {
          expect(r.code).toBe(1);
          expect(r.stdout).toBe('');
          expect(r.stderr).toBe(`${file}:${problem.line}:${problem.column}: ${problem.reason}\n`);
        } else {
          expect(r.code).toBe(0);
          expect(r.stderr).toBe('');
        }
        expect(r.stdout + r.stderr).not.toMatch(CONTROL);
      }),
      { numRuns: 150, seed: 2025 },
    );
  });
});
