import { quote } from '../engine/excerpt';
import type { Command } from './command';
import { UsageError } from './command';
import { commands } from './commands';

const USAGE = `usage: npm run rolit -- <command> [options]

commands:
${commands.map((c) => `  ${c.name.padEnd(8)} ${c.summary}`).join('\n')}

Run \`npm run rolit -- <command> --help\` for a command's options.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name) {
    console.error(`rolit: no command given\n\n${USAGE}`);
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return 0;
  }
  const command: Command | undefined = commands.find((c) => c.name === name);
  if (!command) {
    console.error(`rolit: unknown command ${quote(name)}\n\n${USAGE}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    console.log(command.help);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`rolit ${name}: ${e.message}\n\n${command.help}`);
      return 2;
    }
    throw e;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exitCode = 1;
  },
);
