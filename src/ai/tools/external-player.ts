import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { COLOURS, type Game } from '../../engine';
import type { ArenaPlayer, MoveRequest } from './arena';

/**
 * An arena player that is another program speaking /work/shared/protocol.md on its standard
 * input and output. It is told about a new game with `newgame`, about the moves it has not
 * seen with `play`, and asked for its move with `go`.
 */
export class ExternalPlayer implements ArenaPlayer {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private ended = false;
  private stderrTail = '';
  private current: Game | null = null;
  private synced = 0;

  constructor(readonly command: string) {
    this.child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const rl = createInterface({ input: this.child.stdout! });
    rl.on('line', (line) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(line);
      } else this.lines.push(line);
    });
    rl.on('close', () => {
      this.ended = true;
      this.waiting?.(null);
    });
    this.child.stderr!.on('data', (d: Buffer) => (this.stderrTail = (this.stderrTail + d.toString()).slice(-500)));
    this.child.on('error', () => {
      this.ended = true;
      this.waiting?.(null);
    });
  }

  private readLine(): Promise<string | null> {
    if (this.lines.length) return Promise.resolve(this.lines.shift()!);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Sends one command and returns its reply line; throws on no reply or an error reply. */
  async request(line: string): Promise<string> {
    if (this.ended) throw new Error(this.failure(`cannot send "${line}"`));
    this.child.stdin!.write(line + '\n');
    const reply = await this.readLine();
    if (reply === null) throw new Error(this.failure(`no reply to "${line}"`));
    if (reply.startsWith('error')) throw new Error(`"${this.command}" answered "${line}" with: ${reply}`);
    return reply;
  }

  private failure(what: string): string {
    return `"${this.command}" ended: ${what}${this.stderrTail ? `\nits last error output: ${this.stderrTail.trim()}` : ''}`;
  }

  async choose({ game, seed, movetime }: MoveRequest): Promise<string> {
    if (game !== this.current) {
      const s = game.setup;
      const first = game.events.find((e) => e.type === 'turn');
      const firstColour = first && first.type === 'turn' ? first.colour : COLOURS[0];
      await this.request(
        `newgame size=${s.size} colours=${s.colours.join(',')} first=${firstColour} variant=${s.variant} misere=${s.misere ? 'on' : 'off'} seed=${s.seed}`,
      );
      this.current = game;
      this.synced = 0;
    }
    const moves = game.state.moves;
    for (; this.synced < moves.length; this.synced++) await this.request(`play ${moves[this.synced].squares.join('+')}`);
    const reply = await this.request(`go${movetime !== undefined ? ` movetime=${Math.round(movetime)}` : ''} seed=${seed}`);
    const m = /^bestmove (\S+)$/.exec(reply);
    if (!m) throw new Error(`"${this.command}" answered go with "${reply}", expected "bestmove <move>"`);
    return m[1];
  }

  async close(): Promise<void> {
    if (!this.ended) this.child.stdin!.end('quit\n');
    await new Promise<void>((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) resolve();
      else {
        const timer = setTimeout(() => {
          this.child.kill();
          resolve();
        }, 2000);
        this.child.on('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      }
    });
  }
}
