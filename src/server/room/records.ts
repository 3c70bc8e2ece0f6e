/**
 * The room's records of its rounds: each finished round kept, its players rated, and an unfinished
 * one saved when the room closes or faults, all through the journal (db/journal.ts): on the disk
 * first, then in the database whatever happens to it (docs/online.md, Records; The journal).
 */
import { type Game, gaveUpTags, playerInSeat, playerTags, recordDate, toRecord } from '../../engine';
import type { SeatRating } from '../db/store';
import type { RoundToKeep } from '../db/journal';
import { type PassingTable, recordFileName } from '../db/records';
import { tellPlayer } from '../players/playerEvents';
import { computerPlayerId } from '../players/playerId';
import { faultText, type RoomCore, TV_ROUNDS_KEPT } from './core';
import { publishListing } from './listing';
import { releaseIfDeserted } from './presence';

/**
 * The round just finished: kept through the journal and the lobby told. The room may close once
 * the round is on the journal's disk; its record is named in the state and its ratings told once
 * the database has it. After everything the round's end shows, so the database is never on a
 * move's path.
 */
export async function finishRound(room: RoomCore): Promise<void> {
  const game = room.flow.game!;
  const result = room.flow.results.at(-1)!;
  const round = roundToKeep(room, game, result.round, result.standInMoves, result.gaveUp);
  const keeping = room.config.journal.keep(round);
  publishListing(room);
  releaseIfDeserted(room);
  void announce(room, game, result.round, round.id, keeping.written);
  // A disk that failed is logged by the journal: the round waits in memory for the database.
  await keeping.journaled.catch(() => {});
  // Each person of the round with a key hears of its end on their event stream (docs/online.md, Bots over HTTP).
  for (const id of new Set(room.people.flatMap((p) => (p.playerId ? [p.playerId] : [])))) {
    tellPlayer(room.presence, id, { type: 'gameFinish', room: room.roomId, round: result.round }).catch((e: unknown) => console.error(`rolit room ${room.roomId}: gameFinish: ${faultText(e)}`));
  }
  if (!room.autoDispose) {
    room.autoDispose = true;
    if (room.clients.length === 0) await room.disconnect();
  }
}

/** Once the database has the round: its record named in the state, and everyone told the new ratings. */
async function announce(room: RoomCore, game: Game, round: number, name: string, written: Promise<SeatRating[] | null>): Promise<void> {
  let ratings: SeatRating[] | null;
  try {
    ratings = await written;
  } catch (e) {
    return console.error(`rolit room ${room.roomId}: keeping round ${round + 1}: ${faultText(e)}`);
  }
  if (room.disposed) return;
  const s = room.state;
  s.records.push(name);
  if (room.table?.kind === 'tv') while (s.records.length > TV_ROUNDS_KEPT) s.records.shift();
  if (!ratings?.length) return;
  room.broadcast('rated', { round, seats: ratings.map(({ seat, player, rating, change, provisional, weight }) => ({ colour: game.setup.players[seat][0], player, rating, change, provisional, weight })) });
}

/** The finished round as the journal keeps it: a game rating its players (docs/online.md, Players and ratings), or for TV a record only. */
function roundToKeep(room: RoomCore, game: Game, round: number, standInMoves: number[], gaveUp: boolean[]): RoundToKeep {
  const kept = { id: recordFileName(room.roomId, round, false, passing(room)), at: new Date().toISOString(), record: roundRecord(room, game, round) };
  // TV's computers play for watchers, as long as anyone watches: their rounds are nobody's games.
  if (room.table?.kind === 'tv') return { ...kept, game: null };
  const { flow } = room;
  const result = game.state.result!;
  return {
    ...kept,
    game: {
      room: room.roomId,
      round: round + 1,
      size: game.setup.size,
      variant: game.setup.variant,
      misere: game.setup.misere,
      rated: room.options.rated !== false,
      seats: game.setup.players.map((colours, seat) => {
        const player = playerInSeat(seat, round, flow.players);
        const p = flow.player(player);
        return {
          colours,
          player: p.kind === 'computer' ? computerPlayerId(p.level) : room.people[player].playerId,
          name: p.name,
          kind: p.kind === 'computer' ? 'computer' : room.people[player].bot ? 'bot' : 'human',
          score: result.playerScores[seat],
          // Given up as the match flow decided it (src/flow/givingUp.ts), the one outcome every screen says.
          forfeit: gaveUp[seat],
          standInMoves: standInMoves[seat],
        };
      }),
    },
  };
}

/**
 * Saves the round as it stands (unfinished, Result "*") and gives its name once it is safe: on the
 * journal's disk, or already in the database.
 */
export async function saveRound(room: RoomCore): Promise<string> {
  const game = room.flow.game!;
  const round = room.flow.round;
  const id = recordFileName(room.roomId, round, !game.state.over, passing(room));
  const { journaled, written } = room.config.journal.keep({ id, at: new Date().toISOString(), record: roundRecord(room, game, round), game: null });
  try {
    await Promise.any([journaled, written]);
  } catch {
    // Neither: the disk's failure says why.
    await journaled;
  }
  return id;
}

/** TV's and quick play's rounds are nobody's (their records expire); a challenge's are its players' like any room's. */
function passing(room: RoomCore): PassingTable | undefined {
  return room.table?.kind === 'challenge' ? undefined : room.table?.kind;
}

/** The round's record as it stands, its players named (a computer with its level) and, once it is over, the seats given up. */
function roundRecord(room: RoomCore, game: Game, round: number): string {
  const seats = game.setup.players.map((colours, seat) => ({ ...room.flow.player(playerInSeat(seat, round, room.flow.players)), colours }));
  const result = room.flow.results.find((r) => r.round === round);
  // Records count rounds from 1 (the wire's `round` from 0).
  const tags = { Room: room.roomId, Round: String(round + 1), ...playerTags(seats), ...(game.state.over && result ? gaveUpTags(game.setup, result.gaveUp) : {}) };
  return toRecord(game, { Date: recordDate(new Date()), ...tags });
}
