/** The entry point of `npm run rolit -- <command>`: run.ts on the process's own streams. */
import { run } from './run';

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exitCode = 1;
  },
);
