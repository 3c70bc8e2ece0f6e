/** A test's bot over HTTP (docs/online.md, Bots over HTTP): keys, requests and NDJSON streams read line by line. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { playerIdOf } from '../../src/server/players/playerId';

/** A new player key, and its public id. */
export function newPlayer(): { key: string; id: string } {
  const key = randomBytes(16).toString('base64url');
  return { key, id: playerIdOf(key) };
}

/** A request of the bot API with `key` as its bearer: its status and JSON body. */
export async function botRequest(endpoint: string, method: 'GET' | 'POST', path: string, key: string | null, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${endpoint}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : null };
}

/** A room of the bot's own, red against a beginner computer on the 4x4 board (`POST /bot/rooms`): its code. */
export async function botRoom(endpoint: string, key: string, options: Record<string, unknown> = {}): Promise<string> {
  const made = await botRequest(endpoint, 'POST', '/bot/rooms', key, { name: 'Bot', colour: 'red', size: 4, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }], ...options });
  if (made.status !== 201) throw new Error(`POST /bot/rooms: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.code as string;
}

export interface Lines {
  status: number;
  /** The next line for which `wanted` holds (those before it are passed over); fails when the stream ends first or after `ms`. */
  next(wanted: (line: any) => boolean, ms?: number): Promise<any>;
  /** Every line read so far, the empty keep-alive lines as null. */
  seen: (any | null)[];
  /** Whether the stream has ended. */
  ended(): boolean;
  /** Hangs up. */
  close(): void;
}

/** Opens an NDJSON stream of the bot API (GET `path` with `key`) and reads it as it comes; a refused one has its status and no lines. */
export async function openLines(endpoint: string, path: string, key: string): Promise<Lines> {
  const abort = new AbortController();
  const answer = await fetch(`${endpoint}${path}`, { headers: { authorization: `Bearer ${key}` }, signal: abort.signal });
  const seen: (any | null)[] = [];
  let done = answer.status !== 200;
  let wake = null as (() => void) | null;
  if (!done) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n')) >= 0) {
            const text = buffer.slice(0, end).trim();
            buffer = buffer.slice(end + 1);
            seen.push(text ? JSON.parse(text) : null);
          }
          wake?.();
        }
      } catch {
        // Hung up here.
      }
      done = true;
      wake?.();
    })();
  }
  let read = 0;
  return {
    status: answer.status,
    seen,
    ended: () => done,
    close: () => abort.abort(),
    async next(wanted, ms = 10_000) {
      const until = Date.now() + ms;
      for (;;) {
        while (read < seen.length) {
          const line = seen[read++];
          if (line !== null && wanted(line)) return line;
        }
        if (done) throw new Error(`the stream ended (last lines: ${JSON.stringify(seen.slice(-3))})`);
        if (Date.now() > until) throw new Error(`no such line in ${ms} ms (last lines: ${JSON.stringify(seen.slice(-3))})`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

/** A code block of docs/online.md's bot examples (`### Examples` of Bots over HTTP), as the page has it. */
export function botExample(language: 'js' | 'python'): string {
  const page = readFileSync('docs/online.md', 'utf8');
  const found = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(page.slice(page.indexOf('### Examples', page.indexOf('## Bots over HTTP'))));
  if (!found) throw new Error(`docs/online.md: no \`\`\`${language} block under Bots over HTTP, Examples`);
  return found[1];
}
