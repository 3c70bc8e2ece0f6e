/**
 * The lobby (docs/online.md, Lobby): the public rooms live (the `rolit` rooms created with
 * `listed: true`, each with its TableListing as metadata), on Colyseus' lobby channel as its
 * LobbyRoom follows it, with two differences: a table's listing is sent only when it changed
 * (Colyseus announces a room on every join and every metadata change, often both for one event),
 * there is no `filter` (the page sorts and filters the list itself), and a closed table never comes
 * back (followLobby; across processes, Colyseus' own can list it again). It takes no options; any
 * message is refused with `unknownMessage`, changing nothing.
 */
import { type AuthContext, type Client, type IRoomCache, matchMaker, type Presence, Room } from '@colyseus/core';
import { addressOf, type ClientAuth, coolDownIfFlooded } from '../front/admission';
import { issuesText, lobbyOptions } from '../../wire/contract';
import { refuse, type RoomConfig } from '../room/rolitRoom';
import { refuseUnknown } from '../room/unknownMessage';

/** Colyseus' lobby channel: `<code>,0` when a listed room's listing changed, `<code>,1` when it left the lobby (closed, or private). */
const LOBBY_CHANNEL = '$lobby';

/**
 * Follows the lobby channel as Colyseus' subscribeLobby does, telling each table's listing as it is
 * now (null once it left), with two guarantees it lacks, so a closed table never comes back:
 * - each change is read afresh (`read`, one key), never from a read begun before it: the Redis
 *   driver's room query shares a read already under way, which may predate the room's removal;
 * - an answer is told only if no later message about that table came first. A change is announced
 *   after a closed room's removal as a matter of course (a leave's client count, saved as the last
 *   client leaves), so a removal is no more final in the channel than in the reads.
 */
export async function followLobby(presence: Presence, read: (code: string) => Promise<IRoomCache | undefined>, told: (code: string, listing: IRoomCache | null) => void): Promise<() => void> {
  let heard = 0;
  /** For each table with a read under way: the number of the latest message about it. */
  const latest = new Map<string, number>();
  const hear = async (message: string) => {
    const [code, removed] = String(message).split(',');
    const n = ++heard;
    if (removed === '1') {
      latest.delete(code);
      return told(code, null);
    }
    latest.set(code, n);
    let listing: IRoomCache | undefined;
    try {
      listing = await read(code);
    } catch (e) {
      // The table stays as it was told (Redis gone: the room's own saves fail alike, listing.ts).
      console.error(`rolit lobby: the listing of "${code}" could not be read: ${e instanceof Error ? e.message : String(e)}`);
      if (latest.get(code) === n) latest.delete(code);
      return;
    }
    if (latest.get(code) !== n) return;
    latest.delete(code);
    told(code, listing && !listing.private && !listing.unlisted ? listing : null);
  };
  await presence.subscribe(LOBBY_CHANNEL, hear);
  return () => presence.unsubscribe(LOBBY_CHANNEL, hear);
}

export class RolitLobby extends Room {
  private config!: RoomConfig;
  /** The listed tables by code: each listing as last sent, and its text to tell a change. */
  private readonly tables = new Map<string, { listing: IRoomCache; text: string }>();
  private unsubscribe: (() => void) | null = null;

  static override async onAuth(_token: string, _options: unknown, context: AuthContext): Promise<ClientAuth> {
    return { address: addressOf(context) };
  }

  override async onCreate(raw: { config: RoomConfig }): Promise<void> {
    this.config = raw.config;
    this.maxMessagesPerSecond = raw.config.messageBurst * 4;
    // Found by joinOrCreate('lobby'), so public, but itself no table.
    await this.setMatchmaking({ unlisted: true });
    this.onMessage('*', (client: Client, type: string | number) => refuseUnknown(client, type, 'the lobby takes no messages'));
    this.unsubscribe = await followLobby(matchMaker.presence, (roomId) => matchMaker.driver.findOne({ roomId }), (code, listing) => this.changed(code, listing));
    for (const listing of await matchMaker.query({ private: false, unlisted: false })) this.changed(listing.roomId, listing);
  }

  /** A table was listed or changed (`+`, only when its listing differs from the one sent), or it left the lobby (`-`). */
  private changed(code: string, listing: IRoomCache | null): void {
    if (!listing) {
      if (this.tables.delete(code)) this.broadcast('-', code);
      return;
    }
    // A copy: the local driver hands out the room's own listing object, which changes in place.
    const text = JSON.stringify(listing);
    if (this.tables.get(code)?.text === text) return;
    this.tables.set(code, { listing: JSON.parse(text) as IRoomCache, text });
    this.broadcast('+', [code, listing]);
  }

  override onJoin(client: Client, options: unknown): void {
    const parsed = lobbyOptions.safeParse(options);
    if (!parsed.success) throw refuse('badOptions', `${issuesText(parsed.error, 'options')} (the lobby takes no options)`);
    client.send('rooms', [...this.tables.values()].map((t) => t.listing));
  }

  /** A client closed for flooding starts its address's cool-down, as in a game room. */
  override onLeave(client: Client, code?: number): void {
    coolDownIfFlooded(this.config.limiter, client, code);
  }

  override onDispose(): void {
    this.unsubscribe?.();
  }
}
