/** One sub-command of `npm run rolit -- <command>`. */
export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Full help text, printed by `<command> --help`. */
  help: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(args: string[]): Promise<number>;
}

/** A bad command line: printed with the command's usage and exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
