/**
 * Each player's events (docs/online.md, Bots over HTTP: `GET /bot/events`): challenges, their
 * answers and the player's games starting and finishing, published on a channel of Colyseus'
 * presence per player, so with Redis a player hears them on whichever process their stream is.
 */
import type { Presence } from '@colyseus/core';

/** An event of a player's stream: `{ "type": T, ... }` (challenge, challengeDeclined, challengeCanceled, gameStart, gameFinish). */
export type PlayerEvent = { type: string } & Record<string, unknown>;

const topic = (player: string) => `rolit:events:${player}`;

/** Tells `player` of an event (nobody hears it when the player has no stream open). */
export async function tellPlayer(presence: Presence, player: string, event: PlayerEvent): Promise<void> {
  await presence.publish(topic(player), event);
}

/** Hears `player`'s events until the returned function is called. */
export async function hearPlayer(presence: Presence, player: string, heard: (event: PlayerEvent) => void): Promise<() => void> {
  const callback = (event: PlayerEvent) => heard(event);
  await presence.subscribe(topic(player), callback);
  return () => void presence.unsubscribe(topic(player), callback);
}
