import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rolit as run } from '../cli/run';

const root = join(import.meta.dirname, '../..');
const fixture = join(root, 'test/fixtures/records/four-players.rolit');

/** Runs `rolit replay <args>` in-process. */
function rolit(...args: string[]) {
  return run(['replay', ...args]);
}

describe('rolit replay', () => {
  it('prints every move with its captures, the final board and the scores', async () => {
    const { code, stdout, stderr } = await rolit(fixture);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('Rolit 8x8, players red yellow green blue, standard');
    expect(lines).toContain('green moves first (throws: green)');
    expect(lines).toContain('Red: Ann');
    // From the start position, green c5 rolls blue d5 (between c5 and green e5); blue has no
    // ball left, so d3 rolls nothing; red d6 rolls d5 back (between d6 and red d4).
    expect(lines).toContain('1. green c5  rolls d5');
    expect(lines).toContain('2. blue d3');
    expect(lines).toContain('3. red d6  rolls d5');
    expect(lines.filter((l) => /^\d+\. (red|yellow|green|blue) [a-h][1-8]/.test(l))).toHaveLength(60);
    // The board is the one the record's own comment shows after move 60.
    const record = readFileSync(fixture, 'utf8');
    const board = Array.from(record.matchAll(/^; +\d ([RYGB.]{8})$/gm), (m) => m[1]);
    expect(board).toHaveLength(8);
    const at = lines.indexOf(board[0]);
    expect(lines.slice(at, at + 8)).toEqual(board);
    expect(stdout.trimEnd().split('\n').slice(-2)).toEqual(['scores: red 16, yellow 12, green 10, blue 26', 'blue wins with 26 balls']);
  });

  it('reports a bad record as file:line:column: reason on stderr and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rolit-replay-'));
    const file = join(dir, 'bad.rolit');
    const text = readFileSync(fixture, 'utf8').replace('\n7. red f4\n', '\n7. red d4\n');
    writeFileSync(file, text);
    const { code, stdout, stderr } = await rolit(file);
    const line = text.split('\n').indexOf('7. red d4') + 1;
    expect(line).toBe(24);
    expect(stderr).toBe(`${file}:24:8: d4 is occupied\n`);
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });

  // Tags are printed as they are: an escape sequence in a player's name would reach the terminal.
  it('refuses a record whose tag value holds a control character, and prints none of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rolit-replay-'));
    const file = join(dir, 'escape.rolit');
    const text = readFileSync(fixture, 'utf8').replace('[Red "Ann"]', '[Red "Ann\u001b]0;owned\u0007\u001b[2J"]');
    writeFileSync(file, text);
    const line = text.split('\n').findIndex((l) => l.startsWith('[Red ')) + 1;
    const { code, stdout, stderr } = await rolit(file);
    expect(stderr).toBe(`${file}:${line}:10: the value of [Red] holds the control character \\u001b: tag values are printable text\n`);
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });

  it('says so when the file cannot be read, and checks its arguments', async () => {
    const missing = await rolit('/no/such/record.rolit');
    expect(missing).toEqual({ code: 1, stdout: '', stderr: 'rolit replay: cannot read /no/such/record.rolit: no such file\n' });
    const none = await rolit();
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('rolit replay: missing <file>');
    const help = await rolit('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: npm run rolit -- replay <file>');
  });
});
