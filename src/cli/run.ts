import { quote } from '../engine/excerpt';
import { type Command, type CommandIO, printLine, processIO, UsageError } from './command';
import { commands } from './commands';

const USAGE = `usage: npm run rolit -- <command> [options]

commands:
${commands.map((c) => `  ${c.name.padEnd(8)} ${c.summary}`).join('\n')}

Run \`npm run rolit -- <command> --help\` for a command's options.`;

/**
 * Runs `rolit <argv>` on `io` and resolves to the exit code: 0 done, 1 the command failed, 2 a
 * bad command line (printed with the usage on stderr). main.ts runs it on the process's streams;
 * tests run it in-process on their own.
 */
export async function run(argv: string[], io: CommandIO = processIO()): Promise<number> {
  const [name, ...args] = argv;
  if (!name) {
    printLine(io.stderr, `rolit: no command given\n\n${USAGE}`);
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    printLine(io.stdout, USAGE);
    return 0;
  }
  const command: Command | undefined = commands.find((c) => c.name === name);
  if (!command) {
    printLine(io.stderr, `rolit: unknown command ${quote(name)}\n\n${USAGE}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    printLine(io.stdout, command.help);
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      printLine(io.stderr, `rolit ${name}: ${e.message}\n\n${command.help}`);
      return 2;
    }
    throw e;
  }
}
