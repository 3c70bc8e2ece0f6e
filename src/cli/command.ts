import type { Readable, Writable } from 'node:stream';

/**
 * Where a command reads and writes: the process's stdin, stdout and stderr when run from the
 * shell (processIO), streams of the test's own in-process (test/cli/run.ts).
 */
export interface CommandIO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

export function processIO(): CommandIO {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
}

/** Writes `text` and a line end to `stream`: a command's console.log. */
export function printLine(stream: Writable, text: string): void {
  stream.write(`${text}\n`);
}

/** One sub-command of `npm run rolit -- <command>`. */
export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Full help text, printed by `<command> --help`. */
  help: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(args: string[], io: CommandIO): Promise<number>;
}

/** A bad command line: printed with the command's usage and exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
