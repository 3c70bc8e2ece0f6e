import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseCommandLine } from '../args';
import type { Command } from '../command';

/** `engine`: serves the line protocol (docs/protocol.md; the session is src/cli/protocol.ts) over stdin and stdout. */
export const engine: Command = {
  name: 'engine',
  summary: 'serve the engine protocol on stdin/stdout (docs/protocol.md)',
  help: `usage: npm run --silent rolit -- engine

Reads protocol commands from stdin, one per line, and writes one reply line per
command to stdout (board: several lines, then "end"). Runs until "quit" or the end
of input, exit code 0. Nothing but protocol replies goes to stdout; use
npm run --silent so that npm prints nothing either.

Commands: hello, newgame size=<8|6|4> colours=<c,c,...> first=<colour>
[variant=<standard|pro|team>] [misere=<on|off>] [seed=<n>], moves, play <move>,
tomove, board, score, go [movetime=<ms>] [level=<name>] [seed=<n>],
setoption threads=<n> (the master searches on n worker threads), undo, quit.
The protocol is specified in docs/protocol.md.

example:
  printf 'newgame size=8 colours=red,yellow,green,blue first=red\\nmoves\\n' | npm run --silent rolit -- engine`,

  async run(args, io) {
    parseCommandLine(args, {});
    // Loaded here, not at the top, so that the other commands do not load the computer players.
    const { EngineSession } = await import('../protocol');
    const { RootParallelPlayer } = await import('../../ai/tools/root-parallel-player');
    const session = new EngineSession((level, threads) => new RootParallelPlayer(level, threads));
    const input = createInterface({ input: io.stdin, crlfDelay: Infinity });
    // A driver that stops reading must not crash us with EPIPE; there is nobody left to answer.
    let closed = false;
    io.stdout.on('error', () => {
      closed = true;
      input.close();
    });
    // One line at a time, in order: the async iterator buffers input while a reply waits
    // for stdout to drain (backpressure), so replies never overtake each other.
    try {
      for await (const line of input) {
        for (const reply of await session.handleAsync(line)) {
          if (closed) break;
          if (!io.stdout.write(`${reply}\n`)) await once(io.stdout, 'drain');
        }
        if (session.quit || closed) break;
      }
    } catch (e) {
      if (!closed) throw e;
    }
    input.close();
    session.close();
    return 0;
  },
};
