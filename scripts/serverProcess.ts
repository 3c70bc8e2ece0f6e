/**
 * A game server in a child process, for the tests and measure scripts that need a real one:
 * started on a loopback port, ready once it prints "listening on port N", stopped with SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  origin: string;
  /** What the process printed (stdout and stderr): all of it, or up to "listening" when `keepOutput` is false. */
  output(): string;
  /** Bytes the process printed in all. */
  outputBytes(): number;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** Ends the process (SIGKILL after 10 s) if it still runs. */
  kill(): Promise<void>;
}

/**
 * Runs `node <nodeArgs>` (e.g. `['--import', 'tsx', 'src/server/main.ts', '--port', '0', ...]` or a
 * built bundle) with `env` added to this process's environment, until it says its port.
 */
export async function startServerProcess(nodeArgs: string[], env: Record<string, string> = {}, keepOutput = true): Promise<ServerProcess> {
  const child = spawn(process.execPath, nodeArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  let bytes = 0;
  let listening = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      bytes += chunk.length;
      if (listening && !keepOutput) return;
      output += chunk.toString();
      const found = listening ? null : /listening on port (\d+)/.exec(output);
      if (found) {
        listening = true;
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    outputBytes: () => bytes,
    exited,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
  };
}
