/**
 * The lines of the engine protocol (docs/protocol.md) as they arrive on a stream, with a length
 * limit: the engine reads its commands this way, and the arena the replies of an external
 * program. A line ends with LF, CR LF or a lone CR. A line longer than MAX_LINE_BYTES is not
 * kept: its bytes are skipped up to its end and it arrives as a TooLongLine (its number), as
 * soon as it passes the limit, so an endless line costs no memory and loses no other line.
 */
import type { Readable } from 'node:stream';

/** Longest line accepted, in bytes without its line end. The protocol's lines are under 200. */
export const MAX_LINE_BYTES = 65536;

/** A line over the limit: `number` counts the stream's lines from 1. */
export interface TooLongLine {
  tooLong: number;
}

export type ProtocolLine = string | TooLongLine;

/** What is wrong with a line over the limit, for an error reply or a forfeit reason. */
export function tooLongText(line: TooLongLine, limit = MAX_LINE_BYTES): string {
  return `line ${line.tooLong} is longer than ${limit} bytes, the protocol's limit for a line`;
}

const LF = 0x0a;
const CR = 0x0d;

/** Splits byte chunks into lines (push each chunk, then end()); pure, so tested directly. */
export class LineSplitter {
  private parts: Buffer[] = [];
  private bytes = 0;
  /** The line in progress passed the limit: skip to its end. */
  private skipping = false;
  /** The last line ended with CR: an LF right after it is part of that line end. */
  private afterCR = false;
  private number = 0;

  constructor(private readonly limit = MAX_LINE_BYTES) {}

  push(chunk: Buffer): ProtocolLine[] {
    const out: ProtocolLine[] = [];
    let start = 0;
    if (this.afterCR && chunk.length > 0) {
      this.afterCR = false;
      if (chunk[0] === LF) start = 1;
    }
    // The next LF and CR at or after `start` (-1: none), each searched again only once passed.
    let lf = -2;
    let cr = -2;
    while (start < chunk.length) {
      if (lf !== -1 && lf < start) lf = chunk.indexOf(LF, start);
      if (cr !== -1 && cr < start) cr = chunk.indexOf(CR, start);
      const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      if (end === -1) {
        this.take(chunk, start, chunk.length, out);
        break;
      }
      this.take(chunk, start, end, out);
      this.finish(out);
      start = end + 1;
      if (chunk[end] === CR) {
        if (start === chunk.length) this.afterCR = true;
        else if (chunk[start] === LF) start++;
      }
    }
    return out;
  }

  /** The last line, if the stream did not end with a line end. */
  end(): ProtocolLine[] {
    const out: ProtocolLine[] = [];
    if (this.bytes > 0 || this.skipping) this.finish(out);
    return out;
  }

  private take(chunk: Buffer, from: number, to: number, out: ProtocolLine[]): void {
    if (this.skipping || to === from) return;
    this.bytes += to - from;
    if (this.bytes > this.limit) {
      this.skipping = true;
      this.parts = [];
      out.push({ tooLong: this.number + 1 });
      return;
    }
    this.parts.push(chunk.subarray(from, to));
  }

  private finish(out: ProtocolLine[]): void {
    this.number++;
    if (!this.skipping) out.push(Buffer.concat(this.parts).toString('utf8'));
    this.parts = [];
    this.bytes = 0;
    this.skipping = false;
  }
}

/** The lines of a byte stream (strings are taken as UTF-8), in order. */
export async function* protocolLines(input: Readable, limit = MAX_LINE_BYTES): AsyncGenerator<ProtocolLine> {
  const splitter = new LineSplitter(limit);
  for await (const chunk of input) yield* splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  yield* splitter.end();
}
