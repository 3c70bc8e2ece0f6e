/**
 * Quick play (docs/online.md, Quick play): Colyseus' QueueRoom under the name `quick`. It groups
 * waiting players, up to four; a group of four at once, a smaller one once its first player has
 * waited `waitSeconds`. Each group gets a `rolit` room of its own (serverTable.ts: 8x8, four
 * colours, standard rules, computers on the seats left), each player a `seat` to confirm and take.
 */
import { type AuthContext, type Client, matchMaker, type QueueMatchGroup, type QueueOptions, QueueRoom } from '@colyseus/core';
import { type ClientAuth, clientAuthOf, coolDownIfFlooded } from '../front/admission';
import { issuesText, quickOptions } from '../../wire/contract';
import { refuseUnknown } from '../room/unknownMessage';
import { refuse, type RoomConfig } from '../room/rolitRoom';
import { ServerTable } from '../room/serverTable';

/** Every player's rank until there are ratings: all equal, so any players can share a table. */
export const QUICK_RANK = 1;

/** Seconds a lone player (or a group short of four) waits for others before getting a table (the server's --quick-wait). */
export const DEFAULT_QUICK_WAIT_SECONDS = 15;

/** What the server gives the queue. */
export interface QuickSettings {
  config: RoomConfig;
  /** Seconds a group short of four waits before getting its table. */
  waitSeconds: number;
}

export class QuickQueue extends QueueRoom {
  /** Each player's address rides on to the table's seat reservation (its computers count against the first). */
  private limiter!: RoomConfig['limiter'];
  /** Seconds a group short of four waits: told to each player as they join (`wait`). */
  private waitSeconds = DEFAULT_QUICK_WAIT_SECONDS;

  static override async onAuth(_token: string, _options: unknown, context: AuthContext): Promise<ClientAuth> {
    return clientAuthOf(context);
  }

  /** The server's options (server.ts); a client's create options never reach QueueRoom. */
  override onCreate(options: QueueOptions & QuickSettings): void {
    super.onCreate({
      matchRoomName: options.matchRoomName,
      maxPlayers: 4,
      allowIncompleteGroups: true,
      // One cycle a second (QueueRoom's cycleTickInterval).
      maxWaitingCycles: options.waitSeconds,
      onGroupReady: (group: QueueMatchGroup) => matchMaker.handleCreateRoom(this.matchRoomName, { table: ServerTable.quick(group.clients.map((c) => c.sessionId)) }),
    });
    // Found by joinOrCreate('quick'), so public, but not a table of the lobby.
    void this.setMatchmaking({ unlisted: true });
    this.maxMessagesPerSecond = options.config.messageBurst * 4;
    this.limiter = options.config.limiter;
    this.waitSeconds = options.waitSeconds;
    this.onMessage('*', (client: Client, type: string | number) => refuseUnknown(client, type, 'the queue takes `confirm` only'));
  }

  override onJoin(client: Client, options: unknown): void {
    const parsed = quickOptions.safeParse(options);
    if (!parsed.success) throw refuse('badOptions', `${issuesText(parsed.error, 'options')} (quick play takes { name } and optionally { player })`);
    // The table's room receives these as the player's join options.
    this.addToQueue(client, { rank: QUICK_RANK, options: parsed.data });
    // addToQueue sent `clients` 1 without noting it, so the next cycle would send 1 again: noted, the queue sends only changes.
    (client.userData as { lastQueueClientCount?: number }).lastQueueClientCount = 1;
    // How long the queue waits for others at most, so the page can say it.
    client.send('wait', this.waitSeconds);
  }

  /** A client closed for flooding starts its address's cool-down, as in a game room. */
  override onLeave(client: Client, code?: number): void {
    coolDownIfFlooded(this.limiter, client, code);
  }
}
