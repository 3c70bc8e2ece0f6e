/** Servers of a test as processes of their own (`npm run server`'s program) and the local servers they use. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port. */
export async function accepting(port: number, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on port ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts the game server's program with `args` on a free port; resolves with it and its address once it listens.
 * With --redis, the process's public address is its port on loopback. Its reads a minute are not
 * limited unless `args` set --limits: the tests poll lists until a round is written.
 */
export async function startServerProcess(args: string[]): Promise<{ child: ChildProcess; endpoint: string; output: () => string }> {
  const port = await freePort();
  const extra = args.includes('--redis') ? ['--public-address', `127.0.0.1:${port}`] : [];
  if (!args.includes('--limits')) extra.push('--limits', 'reads=off');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--port', String(port), '--host', '127.0.0.1', '--threads', '1', '--computer-delay', '0', ...extra, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server on port ${port} did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('rolit server listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`server on port ${port} exited (${code}):\n${output}`)));
  });
  return { child, endpoint: `http://127.0.0.1:${port}`, output: () => output };
}

/** Stops a child process: SIGTERM, then SIGKILL after 5 s. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
