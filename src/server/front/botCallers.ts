/**
 * Bots' streams (botApi.ts) join rooms as clients of this process, over its own port: without
 * more, every bot's joins would count against this process's own address, and all bots would
 * share one address's limits. Each stream's connections carry instead the address of the HTTP
 * client that opened the stream (the real caller), vouched for by a secret this process draws at
 * start and never sends elsewhere: a request that carries it counts against that address
 * (admission.ts marks it so), and its socket is not counted as one of this process's (connections.ts;
 * the caller's own socket, the stream, is). The header from anyone else is ignored.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header of a bot stream's own requests: the secret, a space, the caller's address. */
const CALLER_HEADER = 'x-rolit-bot-caller';

export class BotCallers {
  private readonly secret = Buffer.from(randomBytes(24).toString('base64url'));
  private readonly callers = new WeakMap<IncomingMessage, string | null>();

  /** The headers a stream opened by `address` sends with its connections (the SDK's HTTP requests and WebSocket). */
  headersFor(address: string): Record<string, string> {
    return { [CALLER_HEADER]: `${this.secret.toString()} ${address}` };
  }

  /** The caller a request of a bot stream names, or null for any other request (a forged header included). */
  callerOf(req: IncomingMessage): string | null {
    let caller = this.callers.get(req);
    if (caller === undefined) {
      caller = this.read(req.headers[CALLER_HEADER]);
      this.callers.set(req, caller);
    }
    return caller;
  }

  private read(header: string | string[] | undefined): string | null {
    if (typeof header !== 'string') return null;
    const space = header.indexOf(' ');
    const secret = Buffer.from(space < 0 ? header : header.slice(0, space));
    const address = header.slice(space + 1);
    if (space < 0 || secret.length !== this.secret.length || !timingSafeEqual(secret, this.secret) || address === '' || address.length > 64) return null;
    return address;
  }
}
