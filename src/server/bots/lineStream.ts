/**
 * A bot's NDJSON stream (docs/online.md, Bots over HTTP): one JSON object a line, each with the
 * server's time (`now`, ms since 1970), and an empty line every keep-alive interval so that an
 * idle stream stays open through proxies. It lasts as long as the bot reads it: the caller hanging
 * up, or a caller that stops reading while lines pile up past MAX_UNREAD_BYTES, ends it (`ended`
 * says so, once, however it ended).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Seconds between the empty lines that keep an idle stream open (the documented 15 s). */
export const DEFAULT_KEEP_ALIVE_SECONDS = 15;

/** Bytes a stream may hold unread by its caller: past them the caller is taken to have gone. */
export const MAX_UNREAD_BYTES = 1 << 20;

export class LineStream {
  private keepAlive: ReturnType<typeof setInterval> | null = null;
  private readonly endings: (() => void)[] = [];
  private done = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly keepAliveMs: number,
  ) {
    // A caller's socket that breaks ends its stream, never the process.
    res.on('error', () => undefined);
    res.on('close', () => this.finish());
  }

  /** Whether the stream has ended (the caller hung up, or it was ended here). */
  get ended(): boolean {
    return this.done;
  }

  /** Runs `then` once the stream ends, whoever ends it (at once when it has). */
  onEnd(then: () => void): void {
    if (this.done) then();
    else this.endings.push(then);
  }

  /** Answers 200 and starts the keep-alive lines. */
  open(req: IncomingMessage): void {
    if (this.done) return;
    this.res.writeHead(200, {
      'content-type': 'application/x-ndjson',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      // Proxies that buffer responses (nginx) pass each line on at once.
      'x-accel-buffering': 'no',
    });
    if (req.method === 'HEAD') return void this.end();
    // Sent at once so the caller sees the answer before the first line.
    this.res.flushHeaders();
    this.keepAlive = setInterval(() => this.write('\n'), this.keepAliveMs).unref();
  }

  /** One line: `{ "type": T, ..., "now": server time }`. */
  line(value: { type: string } & Record<string, unknown>): void {
    this.write(`${JSON.stringify({ ...value, now: Date.now() })}\n`);
  }

  /** Ends the stream (its last line written before). */
  end(): void {
    if (!this.res.writableEnded) this.res.end();
    this.finish();
  }

  private write(text: string): void {
    if (this.done || !this.res.headersSent || this.res.writableEnded) return;
    this.res.write(text);
    // A caller that does not read: its lines would pile up here without end.
    if (this.res.writableLength > MAX_UNREAD_BYTES) this.res.destroy();
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    if (this.keepAlive) clearInterval(this.keepAlive);
    for (const then of this.endings.splice(0)) then();
  }
}
