import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineSplitter, MAX_LINE_BYTES, type ProtocolLine, protocolLines } from '../../src/ai/tools/lines';
import { rolit, rolitOn } from './run';

/** Every line of `chunks` (split where given) through one splitter. */
function split(chunks: string[], limit?: number): ProtocolLine[] {
  const splitter = new LineSplitter(limit);
  return [...chunks.flatMap((c) => splitter.push(Buffer.from(c))), ...splitter.end()];
}

describe('protocol lines', () => {
  it('end with LF, CR LF or a lone CR, also when a chunk ends between CR and LF', () => {
    expect(split(['a\nb\r\nc\rd'])).toEqual(['a', 'b', 'c', 'd']);
    expect(split(['a\r', '\nb\r', 'c\n'])).toEqual(['a', 'b', 'c']);
    expect(split(['\n\r\n\r'])).toEqual(['', '', '']);
    expect(split(['x'])).toEqual(['x']);
    expect(split([])).toEqual([]);
  });

  it('keep a character whose UTF-8 bytes are split between chunks', () => {
    const bytes = Buffer.from('é\n');
    const splitter = new LineSplitter();
    expect([...splitter.push(bytes.subarray(0, 1)), ...splitter.push(bytes.subarray(1))]).toEqual(['é']);
  });

  it('take a line of exactly the limit; one byte more arrives as too long, numbered, and the next line is kept', () => {
    expect(split(['abcd\nabcde\nok\n'], 4)).toEqual(['abcd', { tooLong: 2 }, 'ok']);
    // Over several chunks, reported once, as soon as it passes the limit.
    const splitter = new LineSplitter(4);
    expect(splitter.push(Buffer.from('x\nabc'))).toEqual(['x']);
    expect(splitter.push(Buffer.from('de'))).toEqual([{ tooLong: 2 }]);
    expect(splitter.push(Buffer.from('fgh'))).toEqual([]);
    expect(splitter.push(Buffer.from('i\rnext'))).toEqual([]);
    expect(splitter.end()).toEqual(['next']);
    // The limit counts bytes: two-byte characters.
    expect(split(['éé\néé\u00e9\n'], 4)).toEqual(['éé', { tooLong: 2 }]);
  });

  it('skip an endless line without keeping it', async () => {
    const chunk = Buffer.alloc(1 << 20, 'x');
    async function* input() {
      yield Buffer.from('first\n');
      for (let i = 0; i < 64; i++) yield chunk;
      yield Buffer.from('\nlast');
    }
    const lines: ProtocolLine[] = [];
    for await (const line of protocolLines(Readable.from(input()))) lines.push(line);
    expect(lines).toEqual(['first', { tooLong: 2 }, 'last']);
  });
});

describe('rolit engine: a line over the limit', () => {
  it(`is answered with an error saying which line and the limit (${MAX_LINE_BYTES} bytes), and the session goes on`, async () => {
    const long = `play ${'x'.repeat(MAX_LINE_BYTES - 4)}`;
    const exact = `hello${' '.repeat(MAX_LINE_BYTES - 5)}`;
    const r = await rolit(['engine'], ['newgame size=4 colours=red,green first=red', long, exact, 'tomove', ''].join('\n'));
    expect(r.stdout.split('\n')).toEqual([
      'ok',
      `error line 2 is longer than ${MAX_LINE_BYTES} bytes, the protocol's limit for a line`,
      expect.stringMatching(/^rolit Rolit 3D /),
      'tomove red',
      '',
    ]);
    expect(r.code).toBe(0);
  });

  // The case: V8 cannot hold a string of 512 MiB, which crashed the engine with a RangeError.
  it('of 512 MiB and more gets the error too, without being kept (the chunk is reused)', async () => {
    const chunk = Buffer.alloc(1 << 20, 'x');
    async function* input() {
      yield Buffer.from('hello\n');
      for (let i = 0; i < 520; i++) yield chunk;
      yield Buffer.from('\nhello\n');
    }
    const r = await rolitOn(['engine'], Readable.from(input()));
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(`error line 2 is longer than ${MAX_LINE_BYTES} bytes, the protocol's limit for a line`);
    expect(lines[2]).toBe(lines[0]);
    expect(r.stderr).toBe('');
  }, 60_000);
});
