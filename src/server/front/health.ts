/**
 * `GET /health`, for load balancers and operators (docs/online.md, Health): whether this process
 * can take new players, and if not, which part is down and why. The parts are told by the server
 * (server.ts): the database (it does not answer, or the rounds' writes fail) and Redis (rooms
 * shared with other processes); the journal's backlog goes with every answer.
 */
import { matchMaker } from '@colyseus/core';
import { type FrontHandler, pathOf, sendBody } from './front';

/** What the server's parts say now. */
export interface HealthReport {
  /** The parts down, each with why: `database`, `redis`. */
  down: Record<string, string>;
  /** Rounds waiting in the journal for the database, and those it set aside. */
  journal: { waiting: number; setAside: number };
}

/** What `GET /health` answers. */
export interface HealthAnswer extends HealthReport {
  status: 'ok' | 'down' | 'closing';
  rooms: number;
  clients: number;
}

/**
 * 200 and `"status": "ok"` while every part works; 503 with `"status": "down"` and `down` naming
 * each part down and why, or `"status": "closing"` once the server stops. Never cached.
 */
export function healthRequests(stopping: () => boolean, report: () => HealthReport): FrontHandler {
  return async (req, res) => {
    if (pathOf(req) !== '/health') return false;
    const { roomCount: rooms, ccu: clients } = matchMaker.stats.local;
    const now = report();
    const status = stopping() ? 'closing' : Object.keys(now.down).length > 0 ? 'down' : 'ok';
    const answer: HealthAnswer = { status, rooms, clients, ...now };
    sendBody(req, res, status === 'ok' ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' }, JSON.stringify(answer));
    return true;
  };
}
