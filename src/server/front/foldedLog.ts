/**
 * A log no client can grow fast: what Colyseus logs (a request that fails, a frame it cannot
 * read, a seat reservation that expired) is shortened to one line (an error's message and the
 * place it was thrown, no stack) and folded: per interval, the first line of each kind is written
 * and the others of that kind only counted, then written as one line with their count. A kind is
 * the line with its numbers and codes blanked. Lines and kinds per interval are capped, so
 * whatever clients do the log grows by at most about
 * (MAX_KINDS + 1) * (MAX_LINE + a count line) bytes an interval: under 8 KB a minute.
 */

/** Longest line written (characters). */
export const MAX_LINE = 240;
/** Kinds written in full per interval; the rest are folded into one count. */
export const MAX_KINDS = 12;
/** Default interval: one count line per kind a minute. */
export const FOLD_INTERVAL_MS = 60_000;

/** The text of one log call: an error as its message and the first place of its stack. */
export function logText(args: unknown[]): string {
  return args
    .map((arg) => {
      if (arg instanceof Error) {
        const at = arg.stack?.split('\n').find((line) => line.trimStart().startsWith('at '))?.trim();
        return `${arg.message}${at ? ` (${at})` : ''}`;
      }
      const text = typeof arg === 'string' ? arg : JSON.stringify(arg) ?? String(arg);
      // A stack as text: its first line and first place.
      const lines = text.split('\n');
      const at = lines.slice(1).find((line) => line.trimStart().startsWith('at '))?.trim();
      return `${lines[0]}${at ? ` (${at})` : ''}`;
    })
    .join(' ');
}

/** What makes two lines the same kind: the text without numbers, codes and quoted parts, and short. */
export function kindOf(line: string): string {
  return line
    .replace(/"[^"]*"|'[^']*'/g, '""')
    .replace(/[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*/g, '#')
    .slice(0, 60);
}

export class FoldedLog {
  /** Lines of each kind counted but not written this interval. */
  private readonly folded = new Map<string, number>();
  private others = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly write: (line: string) => void,
    private readonly intervalMs = FOLD_INTERVAL_MS,
  ) {}

  /** Writes the line, or counts it when a line of its kind was written this interval. */
  line(text: string): void {
    const line = text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text;
    const kind = kindOf(line);
    const count = this.folded.get(kind);
    if (count !== undefined) this.folded.set(kind, count + 1);
    else if (this.folded.size >= MAX_KINDS) this.others++;
    else {
      this.folded.set(kind, 0);
      this.write(line);
    }
    this.timer ??= setInterval(() => this.flush(), this.intervalMs).unref();
  }

  /** Writes the counts of the interval's folded lines and starts the next interval. */
  flush(): void {
    const seconds = Math.round(this.intervalMs / 1000);
    for (const [kind, count] of this.folded) if (count > 0) this.write(`(${count} more like "${kind}" in ${seconds} s)`);
    if (this.others > 0) this.write(`(${this.others} more lines of other kinds in ${seconds} s)`);
    const quiet = this.folded.size === 0;
    this.folded.clear();
    this.others = 0;
    if (quiet && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}

/** A logger for Colyseus (its `logger` option) that writes through `log`, every level to stderr. */
export function colyseusLogger(log: FoldedLog): Record<'debug' | 'error' | 'info' | 'trace' | 'warn', (...args: unknown[]) => void> {
  const write = (...args: unknown[]) => log.line(logText(args));
  return { debug: write, error: write, info: write, trace: write, warn: write };
}

/** The process's folded log, on stderr: Colyseus' lines and the server's own about what clients cause. */
export const serverLog = new FoldedLog((line) => console.error(line));
