import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFileSync, readFileSync } from 'node:fs';
import { startTestServer } from './test/server/helpers';
const server = await startTestServer();
const page = readFileSync('docs/online.md', 'utf8');
const at = page.indexOf('### Examples');
const js = /```js\n([\s\S]*?)```/.exec(page.slice(at))![1];
const py = /```python\n([\s\S]*?)```/.exec(page.slice(at))![1];
writeFileSync('.t-bot.mjs', js); writeFileSync('.t-bot.py', py);
for (const [cmd, file] of [[process.execPath, '.t-bot.mjs'], ['python3', '.t-bot.py']]) {
  const key = Math.random().toString(36).slice(2).padEnd(22, 'x') + 'abc';
  const made = await fetch(`${server.endpoint}/bot/rooms`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bot', colour: 'red', size: 4, seats: [{ kind: 'human' }, { kind: 'computer', level: 'beginner' }] }) });
  const body = await made.json() as any;
  console.log(made.status, body);
  const t0 = Date.now();
  try {
    const { stdout, stderr } = await promisify(execFile)(cmd, [file, server.endpoint, body.code, key], { timeout: 60_000 });
    console.log(file, Date.now() - t0, 'ms', stdout, stderr);
  } catch (e) { console.log('failed', e); }
}
await server.close();
process.exit(0);
