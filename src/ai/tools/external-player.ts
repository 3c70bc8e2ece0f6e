import { type ChildProcess, spawn } from 'node:child_process';
import { COLOURS, type Game } from '../../engine';
import { type ArenaPlayer, EntrantFailure, type MoveRequest } from './arena';
import { type GroupedProgram, startGrouped } from './entrant-groups';
import { LineSplitter, type ProtocolLine, tooLongText } from './lines';

/** How long a program may take to answer a command, on top of the movetime of a `go`. */
export const REPLY_GRACE_MS = 5000;
/** The time a `go` without movetime (an iteration budget) may take. */
const GO_WITHOUT_MOVETIME_MS = 30000;

/** A line of the program's output or input, short and printable, for a one-line reason. */
function quote(text: string): string {
  const short = text.length > 60 ? `${text.slice(0, 60)}...` : text;
  return JSON.stringify(short);
}

/**
 * An arena player that is another program speaking the engine protocol (docs/protocol.md) on
 * its standard input and output. It is told about a new game with `newgame`, about the moves it
 * has not seen with `play`, and asked for its move with `go`.
 *
 * A program that exits, stays silent past the reply time, or answers out of protocol makes
 * choose() throw an EntrantFailure with a one-line reason (the arena scores that game as lost
 * for it); the program is stopped and started again for its next game.
 */
export class ExternalPlayer implements ArenaPlayer {
  private child: ChildProcess | null = null;
  private group: GroupedProgram | null = null;
  private lines: ProtocolLine[] = [];
  private waiting: ((line: ProtocolLine | null) => void) | null = null;
  private ended = false;
  private exitText = '';
  private stderrTail = '';
  private current: Game | null = null;
  private synced = 0;

  /** replyGraceMs: how long a command's reply may take (a `go`: on top of its movetime). */
  constructor(
    readonly command: string,
    private readonly replyGraceMs = REPLY_GRACE_MS,
  ) {}

  private start(): void {
    // Its own process group, so that stopping it also stops what its shell started (entrant-groups.ts).
    this.group = startGrouped(() => spawn(this.command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'], detached: true }));
    const child = this.group.child;
    this.child = child;
    this.lines = [];
    this.waiting = null;
    this.ended = false;
    this.exitText = '';
    this.stderrTail = '';
    const note = (text: string) => {
      if (this.child === child && !this.exitText) this.exitText = text;
    };
    const receive = (line: ProtocolLine) => {
      if (this.child !== child) return;
      const w = this.waiting;
      this.waiting = null;
      if (w) w(line);
      else this.lines.push(line);
    };
    // Lines up to MAX_LINE_BYTES; a longer one arrives as a TooLongLine, its bytes unkept.
    const splitter = new LineSplitter();
    child.stdout!.on('data', (chunk: Buffer) => splitter.push(chunk).forEach(receive));
    // The program has ended for us when its output closes: by then every line it wrote has been read.
    child.stdout!.on('close', () => {
      splitter.end().forEach(receive);
      if (this.child !== child) return;
      this.ended = true;
      const w = this.waiting;
      this.waiting = null;
      w?.(null);
    });
    child.stderr!.on('data', (d: Buffer) => (this.stderrTail = (this.stderrTail + d.toString()).slice(-500)));
    // Writing to a program that has exited fails with EPIPE: that is the end of the program, not of the arena.
    child.stdin!.on('error', () => {});
    child.on('error', (e) => note(`could not run (${e.message})`));
    child.on('exit', (code, signal) => note(signal ? `was killed (${signal})` : `exited with code ${code}`));
  }

  private readLine(timeoutMs: number): Promise<ProtocolLine | null | 'timeout'> {
    if (this.lines.length) return Promise.resolve(this.lines.shift()!);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        resolve('timeout');
      }, timeoutMs);
      this.waiting = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
    });
  }

  /** Stops the program and throws the reason this game is lost. */
  private fail(reason: string): never {
    this.stop();
    throw new EntrantFailure(`"${this.command}" ${reason}`);
  }

  /** Sends one command and returns its reply line; fails on no reply, a late one or an error reply. */
  private async request(line: string, timeoutMs = this.replyGraceMs): Promise<string> {
    if (!this.ended) this.child!.stdin!.write(line + '\n');
    const reply = await this.readLine(timeoutMs);
    if (reply === 'timeout') this.fail(`did not answer ${quote(line)} within ${timeoutMs} ms`);
    if (reply === null) {
      await this.exited(500); // for its exit code
      const lastError = this.stderrTail.trim().split('\n').pop();
      this.fail(`${this.exitText || 'closed its output'} with no reply to ${quote(line)}${lastError ? `; its last error output: ${quote(lastError)}` : ''}`);
    }
    if (typeof reply !== 'string') this.fail(`answered ${quote(line)} out of protocol: its output's ${tooLongText(reply)}`);
    if (reply.startsWith('error')) this.fail(`answered ${quote(line)} with ${quote(reply)}`);
    return reply;
  }

  private async expect(line: string, pattern: RegExp, expected: string, timeoutMs?: number): Promise<RegExpExecArray> {
    const reply = await this.request(line, timeoutMs);
    const m = pattern.exec(reply);
    if (!m) this.fail(`answered ${quote(line)} with ${quote(reply)}, expected ${expected}`);
    return m;
  }

  async choose({ game, seed, movetime }: MoveRequest): Promise<string> {
    if (game !== this.current) {
      if (!this.child || this.ended) {
        this.stop();
        this.start();
      }
      this.current = game;
      this.synced = 0;
      const s = game.setup;
      const first = game.events.find((e) => e.type === 'turn');
      const firstColour = first && first.type === 'turn' ? first.colour : COLOURS[0];
      await this.expect(
        `newgame size=${s.size} colours=${s.colours.join(',')} first=${firstColour} variant=${s.variant} misere=${s.misere ? 'on' : 'off'} seed=${s.seed}`,
        /^ok$/,
        '"ok"',
      );
    }
    const moves = game.state.moves;
    for (; this.synced < moves.length; this.synced++) await this.expect(`play ${moves[this.synced].squares.join('+')}`, /^ok /, '"ok <colour> <move> ..."');
    const go = `go${movetime !== undefined ? ` movetime=${Math.round(movetime)}` : ''} seed=${seed}`;
    const m = await this.expect(go, /^bestmove (\S+)$/, '"bestmove <move>"', (movetime ?? GO_WITHOUT_MOVETIME_MS) + this.replyGraceMs);
    return m[1];
  }

  /** Waits up to `ms` for the program to exit; true if it has. */
  private exited(ms: number): Promise<boolean> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Kills the program's process group (if running) and forgets it; the next game starts it again. */
  private stop(): void {
    this.group?.end();
    this.group = null;
    this.child = null;
    this.current = null;
  }

  /** Asks the program to quit, and stops it if it has not within two seconds. */
  async close(): Promise<void> {
    if (!this.child) return;
    if (!this.ended) this.child.stdin!.end('quit\n');
    await this.exited(2000);
    this.stop();
  }
}
