/**
 * A player's public id, derived from their secret key (join option `player`): a hash, so the
 * server keeps no key and the id, shown to everyone, never reveals one.
 */
import { createHash } from 'node:crypto';
import { PLAYER_ID_LENGTH as ID_LENGTH, PLAYER_ID_SALT } from '../../wire/contractCodes';

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
