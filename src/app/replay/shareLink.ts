/**
 * Share links: the whole record in the address's fragment (never sent to a server), compressed
 * with deflate-raw (the browser's CompressionStream) and written in base64url:
 *
 *   https://host/path#record=1.<base64url of deflate-raw(record text, UTF-8)>&at=<moves>
 *
 * "1." is the link format's version. `&at=12` (optional) is the position shown: after 12 moves of
 * the record; without it the link opens at the record's end. The record carries the seed, so the start throw replays the
 * same. Reading a link checks, in order: the version, the characters, the size, that it
 * decompresses completely; the record itself is then read by the engine (line and column).
 */

import { CodedProblem } from '../../i18n/codedProblem';

export const LINK_KEY = 'record';
export const LINK_VERSION = '1';
/** The fragment's optional position: "&at=12" opens after 12 moves. */
const POSITION_KEY = 'at';
/** Longest fragment data accepted (a full 8x8 four-player round needs well under 2 kB). */
export const MAX_LINK_DATA = 20_000;
/** Longest record accepted after decompression (a deflate bomb stops here). */
export const MAX_RECORD_CHARS = 100_000;

/** What is wrong with a link: one key each in the `link` object of replay.json. */
export type LinkCode = 'noVersion' | 'version' | 'tooLong' | 'character' | 'notWhole' | 'notDecompressing' | 'recordBytes' | 'recordTooLong';

export class LinkError extends CodedProblem<LinkCode> {
  constructor(code: LinkCode, params: Record<string, string | number>, english: string) {
    super('replay:link', code, params, english);
  }
}

async function through(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream, limit: number): Promise<Uint8Array> {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      throw new LinkError('recordBytes', { limit }, `the record in the link is longer than ${limit} bytes`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The fragment (without "#") that carries `record`. */
export async function recordFragment(record: string): Promise<string> {
  const packed = await through(new TextEncoder().encode(record), new CompressionStream('deflate-raw'), Infinity);
  return `${LINK_KEY}=${LINK_VERSION}.${toBase64Url(packed)}`;
}

/** The page's address with `record` in its fragment, opening after `ply` moves (default: at the end). */
export async function shareLink(base: string, record: string, ply?: number): Promise<string> {
  return `${base.replace(/#.*$/, '')}#${await recordFragment(record)}${ply === undefined ? '' : `&${POSITION_KEY}=${ply}`}`;
}

/** The position a link opens at (moves of its record), or undefined for the end (or no readable position). */
export function linkPosition(hash: string): number | undefined {
  const match = new RegExp(`&${POSITION_KEY}=(\\d{1,4})$`).exec(hash);
  return match ? Number(match[1]) : undefined;
}

/** Whether a fragment ("#record=..." or "record=...") carries a record. */
export function carriesRecord(hash: string): boolean {
  return hash.replace(/^#/, '').startsWith(`${LINK_KEY}=`);
}

/** The record text in a fragment; throws a LinkError saying what is wrong with the link. */
export async function recordFromFragment(hash: string): Promise<string> {
  const value = hash.replace(/^#/, '').replace(new RegExp(`&${POSITION_KEY}=.*$`), '').slice(LINK_KEY.length + 1);
  const dot = value.indexOf('.');
  if (dot < 0) throw new LinkError('noVersion', { expected: `${LINK_KEY}=${LINK_VERSION}.` }, 'the link has no format version (expected "record=1.")');
  const version = value.slice(0, dot).slice(0, 10);
  if (version !== LINK_VERSION) throw new LinkError('version', { version, readable: LINK_VERSION }, `the link is of format version "${version}", this page reads version ${LINK_VERSION}`);
  const data = value.slice(dot + 1);
  if (data.length > MAX_LINK_DATA) throw new LinkError('tooLong', { length: data.length, max: MAX_LINK_DATA }, `the link's data is ${data.length} characters long, more than the ${MAX_LINK_DATA} a record needs`);
  const bad = data.search(/[^A-Za-z0-9_-]/);
  if (bad >= 0) throw new LinkError('character', { character: data[bad], position: bad + 1 }, `the link's data has "${data[bad]}" at character ${bad + 1}, which base64url does not use`);
  if (data.length % 4 === 1) throw new LinkError('notWhole', {}, "the link's data is cut off (not whole base64url)");
  let text: string;
  try {
    const bytes = await through(fromBase64Url(data), new DecompressionStream('deflate-raw'), MAX_RECORD_CHARS * 4);
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (e) {
    if (e instanceof LinkError) throw e;
    throw new LinkError('notDecompressing', {}, "the link's data is cut off or altered (it does not decompress)");
  }
  if (text.length > MAX_RECORD_CHARS) throw new LinkError('recordTooLong', { length: text.length, max: MAX_RECORD_CHARS }, `the record in the link is ${text.length} characters long, more than ${MAX_RECORD_CHARS}`);
  return text;
}
