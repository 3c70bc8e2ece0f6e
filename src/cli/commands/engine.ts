import { once } from 'node:events';
import { MAX_LINE_BYTES, type ProtocolLine, protocolLines, tooLongText } from '../../ai/tools/lines';
import { parseCommandLine } from '../args';
import type { Command } from '../command';

/**
 * The engine's input lines, in order. Lines read while a `go` searches are held here and handed
 * out before any newer one, so reading ahead never changes the order of the replies.
 */
class InputLines {
  private readonly held: ProtocolLine[] = [];
  /** The read in progress (at most one), shared by whoever waits for the next line. */
  private reading: Promise<ProtocolLine | null> | null = null;
  private ended = false;

  constructor(private readonly source: AsyncIterator<ProtocolLine>) {}

  /** The next line to handle; null at the end of input. */
  next(): Promise<ProtocolLine | null> {
    if (this.held.length) return Promise.resolve(this.held.shift()!);
    return this.take();
  }

  /**
   * Reads lines until `answer` settles, giving each to `onLine` (which holds it or acts on it
   * now), and resolves to the answer.
   */
  async readDuring<T>(answer: Promise<T>, onLine: (line: ProtocolLine) => void): Promise<T> {
    const answered = Symbol('answered');
    const settled = answer.then(() => answered);
    while (!this.ended) {
      if ((await Promise.race([settled, this.read()])) === answered) break;
      const line = await this.take();
      if (line !== null) onLine(line);
    }
    return answer;
  }

  /** Stops waiting for input: a read still in progress may fail as the input closes, unheard. */
  abandon(): void {
    this.reading?.catch(() => {});
  }

  hold(line: ProtocolLine): void {
    this.held.push(line);
  }

  private read(): Promise<ProtocolLine | null> {
    if (this.ended) return Promise.resolve(null);
    this.reading ??= this.source.next().then((r) => {
      if (r.done) this.ended = true;
      return r.done ? null : r.value;
    });
    return this.reading;
  }

  private take(): Promise<ProtocolLine | null> {
    const line = this.read();
    this.reading = null;
    return line;
  }
}

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
tomove, board, score, go [movetime=<ms>] [level=<name>] [seed=<n>] (up to
3600000 ms), stop (answers the running go at once with its best move so far),
setoption threads=<n> (the master searches on n worker threads), undo, quit.
A line longer than ${MAX_LINE_BYTES} bytes is answered with an error and skipped.
The protocol is specified in docs/protocol.md.

example:
  printf 'newgame size=8 colours=red,yellow,green,blue first=red\\nmoves\\n' | npm run --silent rolit -- engine`,

  async run(args, io) {
    parseCommandLine(args, {});
    // Loaded here, not at the top, so that the other commands do not load the computer players.
    const { EngineSession } = await import('../protocol');
    const { RootParallelPlayer } = await import('../../ai/tools/root-parallel-player');
    const session = new EngineSession((level, threads) => new RootParallelPlayer(level, threads));
    const input = new InputLines(protocolLines(io.stdin));
    let search = new AbortController();
    // A driver that stops reading must not crash us with EPIPE; there is nobody left to answer.
    let closed = false;
    io.stdout.on('error', () => {
      closed = true;
      search.abort();
      input.abandon();
      io.stdin.destroy();
    });
    // Waits for stdout to drain after a full write (backpressure), so a flood of input cannot
    // pile up replies in memory.
    const write = async (replies: string[]) => {
      for (const reply of replies) {
        if (closed) return;
        if (!io.stdout.write(`${reply}\n`)) await once(io.stdout, 'drain');
      }
    };
    try {
      for (let line = await input.next(); line !== null && !closed; line = await input.next()) {
        if (typeof line !== 'string') {
          await write([`error ${tooLongText(line)}`]);
          continue;
        }
        search = new AbortController();
        // While a go searches, read on: stop or quit ends the search now; every line is handled in turn.
        const replies = await input.readDuring(session.handleAsync(line, search.signal), (read) => {
          if (typeof read === 'string' && session.endsSearch(read)) search.abort();
          input.hold(read);
        });
        await write(replies);
        if (session.quit) break;
      }
    } catch (e) {
      if (!closed) throw e;
    }
    // Lines after quit are not read; the input may stay open.
    input.abandon();
    io.stdin.destroy();
    session.close();
    return 0;
  },
};
