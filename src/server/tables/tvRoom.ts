/**
 * TV (docs/online.md, TV): a `rolit` room of four computers that plays rounds back to back while
 * anyone watches; its searches run after every other room's (computerPool.ts, background).
 */
import type { Level } from '../../ai';
import { RolitRoom, type RoomConfig } from '../room/rolitRoom';
import { ServerTable } from '../room/serverTable';

export class TvRoom extends RolitRoom {
  /** A watcher's options are checked as it joins; the table is the server's (levels dealt at random). */
  override async onCreate(raw: Record<string, unknown>): Promise<void> {
    const { config, levels } = raw as { config: RoomConfig; levels?: readonly Level[] };
    await super.onCreate({ config, table: ServerTable.tv(levels) });
  }
}
