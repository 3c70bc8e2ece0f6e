/**
 * Challenges' tables (docs/online.md, Challenges): what the bot API's challenges (bots/challenges.ts)
 * check a challenge with when it is posted, and the table an accepted one sets up on this process
 * (a `rolit` room of ServerTable.challenge: the two players' seats held for their keys).
 */
import { matchMaker } from '@colyseus/core';
import type { ChallengeOptions } from '../../wire/contract';
import { ROOM_NAME } from '../../wire/contract';
import type { ChallengeTables } from '../bots/challenges';
import { challengeSeats, tableSetup } from '../room/admission';
import { ServerTable } from '../room/serverTable';

export const challengeTables: ChallengeTables = {
  refusal(options: ChallengeOptions): string | null {
    const table = ServerTable.challenge(options, 'challenger', 'challenged');
    try {
      challengeSeats(tableSetup(table.options), table.challenge?.colour);
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  },
  async open(options, challenger, challenged) {
    const listing = await matchMaker.handleCreateRoom(ROOM_NAME, { table: ServerTable.challenge(options, challenger, challenged) });
    return listing.roomId;
  },
};
