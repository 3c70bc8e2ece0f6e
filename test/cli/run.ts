/**
 * Helpers that run the CLI: in-process on streams of the test's own (rolit), and in a child
 * process (node + tsx, as `npm run rolit` does) for the few tests of the real process.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/cli/run';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A stdout or stderr that keeps what is written. Each write completes a moment later, as on a
 * pipe, so a writer that outruns it sees write() return false and must wait for 'drain'.
 */
export class Collected extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    queueMicrotask(done);
  }
}

/** Runs `rolit <args>` in this process with `input` on stdin (then end of input). */
export function rolit(args: string[], input = ''): Promise<RunResult> {
  return rolitOn(args, Readable.from([Buffer.from(input)]));
}

/** Runs `rolit <args>` in this process with `stdin` as its standard input. */
export async function rolitOn(args: string[], stdin: Readable): Promise<RunResult> {
  const stdout = new Collected();
  const stderr = new Collected();
  const code = await run(args, { stdin, stdout, stderr });
  await Promise.all([stdout, stderr].map((stream) => new Promise((resolve) => stream.end(resolve))));
  return { code, stdout: stdout.text, stderr: stderr.text };
}

function collect(child: ChildProcessWithoutNullStreams, input?: string): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  child.stdin.end(input ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `rolit <args>` with `input` on stdin (then end of input). */
export function runCli(args: string[], input?: string): Promise<RunResult> {
  return collect(spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: ROOT }), input);
}

/** Runs `npm run --silent rolit -- <args>`, the way the protocol spec starts the engine. */
export function runNpm(args: string[], input?: string): Promise<RunResult> {
  return collect(spawn('npm', ['run', '--silent', 'rolit', '--', ...args], { cwd: ROOT }), input);
}

/** Talks to `rolit engine` one line at a time, as a driver program would. */
export class EngineDriver {
  readonly child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'engine'], { cwd: ROOT });
  readonly exited: Promise<number | null> = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
  private readonly lines: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private ended = false;
  stderr = '';

  constructor() {
    this.child.stderr.setEncoding('utf8').on('data', (s: string) => (this.stderr += s));
    const reader = createInterface({ input: this.child.stdout });
    reader.on('line', (line) => {
      if (this.waiting) {
        this.waiting(line);
        this.waiting = null;
      } else this.lines.push(line);
    });
    reader.on('close', () => {
      this.ended = true;
      this.waiting?.(null);
    });
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** The next stdout line, or null once stdout has closed. */
  next(): Promise<string | null> {
    if (this.lines.length) return Promise.resolve(this.lines.shift()!);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Sends a command and reads its one reply line. */
  async ask(line: string): Promise<string | null> {
    this.send(line);
    return this.next();
  }
}
