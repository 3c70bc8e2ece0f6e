/**
 * docs/online.md's example bot, taken from the page as it is (only the server's address
 * changes), run as its own process with Node alone (plain JavaScript, no TypeScript loader)
 * against a real server: it imports the Colyseus SDK and nothing else, and must play its round
 * to the end without a refused move, print the result and leave, so the page cannot drift from
 * the server.
 */
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onlineDocsExample, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('runs the example bot of docs/online.md: it plays a round against the computer to the end and leaves', async () => {
  const code = onlineDocsExample('## Example session');
  expect(code).toContain("new Client('http://localhost:2567')");
  // The SDK alone: no rules engine, nothing of the project's sources.
  expect([...code.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['@colyseus/sdk']);
  expect(code).not.toMatch(/\bimport\(|require\(/);
  // At the repository's root, where `@colyseus/sdk` resolves from node_modules as it would in the bot's own folder.
  const file = `.doc-bot-${process.pid}.mjs`;
  await writeFile(file, code.replace("'http://localhost:2567'", JSON.stringify(server.endpoint)));
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [file], { timeout: 60_000 });
    expect(stdout, stderr).toMatch(/^result: red \d+, green \d+$/m);
    expect(stdout).not.toContain('refused');
  } finally {
    await rm(file, { force: true });
  }
  const records = (await (await fetch(`${server.endpoint}/records`)).json()) as string[];
  expect(records).toHaveLength(1);
}, 90_000);
