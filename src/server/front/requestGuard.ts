/**
 * What the front refuses before any handler or Colyseus' router sees a request: methods the
 * server does not serve (405), malformed Host or forwarding headers (400), and POST bodies other
 * than JSON (415: matchmaking takes JSON only, and Colyseus' other body parsers answer 500). Colyseus' router
 * builds a WHATWG Request from the method, `X-Forwarded-Proto`, `Host` and the path, and a value
 * that makes that throw rejects a promise nobody catches, which ends the process: so every
 * request the front lets through must build a valid URL. Pure functions, no I/O.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/** Methods the server answers; anything else is refused with 405 and these in `Allow`. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;

/** Largest request body the front passes on (create and join options are a few hundred bytes). */
export const MAX_BODY_BYTES = 16 * 1024;

export interface Refusal {
  status: 400 | 405 | 415;
  text: string;
}

/** A host and optional port: a DNS name or IPv4 address, or an IPv6 address in brackets. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_.])?)(?::[0-9]{1,5})?$/i;
const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const QUOTED = '"(?:[^"\\\\\\x00-\\x1f\\x7f]|\\\\[\\t\\x20-\\x7e\\x80-\\xff])*"';
const PAIR = `${TOKEN}=(?:${TOKEN}|${QUOTED})`;
const ELEMENT = `${PAIR}(?:[ \\t]*;[ \\t]*${PAIR})*`;
/** RFC 7239: elements separated by commas, each `key=value` pairs separated by semicolons. */
const FORWARDED = new RegExp(`^${ELEMENT}(?:[ \\t]*,[ \\t]*${ELEMENT})*$`, 'i');

function validHost(text: string): boolean {
  return HOST.test(text) && URL.canParse(`http://${text}`);
}

/** An IP address, as proxies write one in X-Forwarded-For: alone, or with a port (IPv6 then in brackets). */
function validAddress(text: string): boolean {
  if (isIP(text) !== 0) return true;
  const found = /^(?:\[([0-9a-f:.]+)\]|([0-9.]+))(?::[0-9]{1,5})?$/i.exec(text);
  return found !== null && isIP(found[1] ?? found[2]) !== 0;
}

/** Header checks: the header's name, and whether a (joined) value is well formed. */
const HEADER_CHECKS: [string, (value: string) => boolean][] = [
  ['host', validHost],
  // One proxy's word only: Colyseus puts the value as it is before "://".
  ['x-forwarded-proto', (v) => /^https?$/i.test(v)],
  ['x-forwarded-host', (v) => v.split(',').every((h) => validHost(h.trim()))],
  ['x-forwarded-for', (v) => v.split(',').every((a) => validAddress(a.trim()))],
  ['forwarded', (v) => FORWARDED.test(v)],
];

/** Why the front refuses a request (method, headers, path), or null when it may go on. */
export function requestRefusal(method: string | undefined, url: string | undefined, headers: IncomingHttpHeaders): Refusal | null {
  if (!(ALLOWED_METHODS as readonly (string | undefined)[]).includes(method)) {
    return { status: 405, text: `method ${JSON.stringify(String(method).slice(0, 20))} is not served (${ALLOWED_METHODS.join(', ')})` };
  }
  for (const [name, valid] of HEADER_CHECKS) {
    const value = headers[name];
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : value;
    if (!valid(text)) return { status: 400, text: `malformed ${name} header: ${JSON.stringify(text.slice(0, 80))}` };
  }
  const type = headers['content-type'];
  if (method === 'POST' && type !== undefined && !/^application\/json[ \t]*(?:;|$)/i.test(type)) {
    return { status: 415, text: `request bodies are JSON (content-type application/json), not ${JSON.stringify(type.slice(0, 80))}` };
  }
  // The URL Colyseus' router builds, which must parse.
  const proto = headers['x-forwarded-proto'] ?? 'http';
  if (!URL.canParse(`${proto}://${headers.host}${url ?? '/'}`)) return { status: 400, text: `malformed request target: ${JSON.stringify((url ?? '').slice(0, 80))}` };
  return null;
}

/** Why the front refuses a WebSocket upgrade (headers, path), or null when it may go on. */
export function upgradeRefusal(url: string | undefined, headers: IncomingHttpHeaders): Refusal | null {
  const refusal = requestRefusal('GET', url, headers);
  if (refusal) return refusal;
  // The URL the WebSocket transport parses, which must parse.
  if (!URL.canParse(`ws://server${url ?? '/'}`)) return { status: 400, text: `malformed request target: ${JSON.stringify((url ?? '').slice(0, 80))}` };
  return null;
}
