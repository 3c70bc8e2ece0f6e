/**
 * The lobby (docs/online.md, Lobby): Colyseus' LobbyRoom, which lists the public rooms live (the
 * `rolit` rooms created with `listed: true`, each with its TableListing as metadata). It takes no
 * options and offers no `filter` (the page sorts and filters the list itself); any message is
 * refused with `unknownMessage`, changing nothing.
 */
import { type AuthContext, type Client, LobbyRoom } from '@colyseus/core';
import { addressOf, type ClientAuth, coolDownIfFlooded } from './admission';
import { type ErrorMessage, issuesText, lobbyOptions } from '../wire/contract';
import { refuse, type RoomConfig } from './rolitRoom';

export class RolitLobby extends LobbyRoom {
  private config!: RoomConfig;

  static override async onAuth(_token: string, _options: unknown, context: AuthContext): Promise<ClientAuth> {
    return { address: addressOf(context) };
  }

  override async onCreate(raw: { config: RoomConfig }): Promise<void> {
    await super.onCreate(raw);
    this.config = raw.config;
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

  /** A client closed for flooding starts its address's cool-down, as in a game room. */
  override onLeave(client: Client, code?: number): void {
    coolDownIfFlooded(this.config.limiter, client, code);
    super.onLeave(client);
  }
}

/** Answers a message a room does not take with `error` `unknownMessage`. */
export function refuseUnknown(client: Client, type: string | number, what: string): void {
  const error: ErrorMessage = { code: 'unknownMessage', text: `unknown message type ${JSON.stringify(String(type).slice(0, 40))}: ${what}` };
  client.send('error', error);
}
