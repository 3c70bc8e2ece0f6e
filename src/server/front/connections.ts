/**
 * Sockets per client address, counted when the TCP connection opens, before a byte is read: an
 * address holding its `sockets` (HTTP and WebSocket together, limits.ts) has the next one closed
 * at once, and no other address notices. A socket that has not sent a whole request head (or
 * WebSocket upgrade) within `headMs` is closed; Node's own header timeout only starts at the
 * first byte. Sockets of a trusted proxy are not counted here: the proxy carries many clients,
 * and limits its own connections; nor, from their request head on, are this process's own
 * sockets of a bot stream (botCallers.ts), which the stream's caller holds through its own.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { BlockList, Socket } from 'node:net';
import type { BotCallers } from './botCallers';
import { clientAddress, isTrustedPeer } from './limits';

/** Seconds a socket may take to send its request head: a slow phone's first request takes far less. */
export const DEFAULT_HEAD_SECONDS = 10;

/** Counts and caps the sockets of each address on `http`, and closes those that send no request head in time. */
export function guardConnections(http: HttpServer, cap: number, headMs: number, trusted: BlockList | null, bots: BotCallers): void {
  const open = new Map<string, number>();
  const waiting = new WeakMap<Socket, ReturnType<typeof setTimeout>>();
  /** How each counted socket is let go of its address's count (once). */
  const counted = new WeakMap<Socket, () => void>();
  const headed = (socket: Socket) => {
    clearTimeout(waiting.get(socket));
    waiting.delete(socket);
  };
  const head = (req: IncomingMessage) => {
    headed(req.socket);
    if (bots.callerOf(req) !== null) counted.get(req.socket)?.();
  };
  // Before Node's own listener, which starts parsing.
  http.prependListener('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (cap !== Infinity && !isTrustedPeer(trusted, peer)) {
      const address = clientAddress(peer, undefined, null);
      const count = open.get(address) ?? 0;
      if (count >= cap) return void socket.destroy();
      open.set(address, count + 1);
      const release = () => {
        if (!counted.delete(socket)) return;
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      };
      counted.set(socket, release);
      socket.once('close', release);
    }
    waiting.set(socket, setTimeout(() => socket.destroy(), headMs).unref());
    socket.once('close', () => headed(socket));
  });
  http.prependListener('request', head);
  http.prependListener('upgrade', head);
  http.prependListener('connect', (req) => headed(req.socket));
  // A later request on a kept-alive socket: Node's own timeout, from its first byte.
  http.headersTimeout = headMs;
}
