/**
 * A player's public id, derived from their secret key (join option `player`): a hash, so the
 * server keeps no key and the id, shown to everyone, never reveals one.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PLAYER_ID_LENGTH as ID_LENGTH, PLAYER_ID_SALT, PLAYER_KEY_PATTERN } from '../../wire/contractCodes';

export function playerIdOf(key: string): string {
  return createHash('sha256').update(`${PLAYER_ID_SALT}${key}`).digest('base64url').slice(0, ID_LENGTH);
}

/** The rated player of a computer level (docs/online.md, Players and ratings). */
export function computerPlayerId(level: string): string {
  return `computer:${level}`;
}

/** Whether a text could be a public id (a person's or a computer level's), before any look-up. */
export function isPlayerId(text: string): boolean {
  return new RegExp(`^[A-Za-z0-9_-]{${ID_LENGTH}}$`).test(text) || /^computer:[a-z]{1,20}$/.test(text);
}

/** The player key of a request's `Authorization: Bearer`, or why there is none (said to the client with 401). */
export function bearerKey(req: IncomingMessage): { key: string } | { problem: string } {
  const header = req.headers.authorization;
  if (header === undefined) return { problem: 'no Authorization header: send "Authorization: Bearer <player key>"' };
  const key = /^Bearer ([^\s]+)$/.exec(header)?.[1];
  if (key === undefined || !PLAYER_KEY_PATTERN.test(key)) return { problem: 'the Authorization header is not "Bearer <player key>" (22 to 64 characters of A-Z, a-z, 0-9, - and _)' };
  return { key };
}
