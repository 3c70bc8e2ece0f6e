/**
 * The lobby (docs/online.md, Lobby): Colyseus' LobbyRoom, which lists the public rooms live (the
 * `rolit` rooms created with `listed: true`, each with its TableListing as metadata). It takes no
 * options and offers no `filter` (the page sorts and filters the list itself); any message is
 * refused with `unknownMessage`, changing nothing.
 */
import { type Client, LobbyRoom } from '@colyseus/core';
import { type ErrorMessage, issuesText, lobbyOptions } from './contract';
import { refuse, type RoomConfig } from './rolitRoom';

export class RolitLobby extends LobbyRoom {
  override async onCreate(raw: { config: RoomConfig }): Promise<void> {
    await super.onCreate(raw);
    this.maxMessagesPerSecond = raw.config.messageBurst * 4;
    this.onMessage('*', (client: Client, type: string | number) => refuseUnknown(client, type, 'the lobby takes no messages'));
  }

  /** LobbyRoom's `filter` message is left out: it is refused as unknown. */
  override onMessage(type: string | number, ...rest: unknown[]): () => void {
    if (type === 'filter') return () => {};
    return (super.onMessage as (type: string | number, ...rest: unknown[]) => () => void)(type, ...rest);
  }

  override onJoin(client: Client, options: unknown): void {
    const parsed = lobbyOptions.safeParse(options);
    if (!parsed.success) throw refuse('badOptions', `${issuesText(parsed.error)} (the lobby takes no options)`);
    super.onJoin(client, {});
  }
}

/** Answers a message a room does not take with `error` `unknownMessage`. */
export function refuseUnknown(client: Client, type: string | number, what: string): void {
  const error: ErrorMessage = { code: 'unknownMessage', text: `unknown message type ${JSON.stringify(String(type).slice(0, 40))}: ${what}` };
  client.send('error', error);
}
