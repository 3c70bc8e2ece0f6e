/**
 * The room's records of its rounds: each finished round saved as a record (and an unfinished one
 * when the room closes or faults), and kept in the database with its players rated
 * (docs/online.md, Records; Players and ratings).
 */
import { type Game, playerInSeat, recordDate, toRecord } from '../../engine';
import { computerPlayerId } from '../players/playerId';
import { tellPlayer } from '../players/playerEvents';
import { keepRecord, type PassingTable, recordFileName } from '../db/records';
import { faultText, type RoomCore, TV_ROUNDS_KEPT } from './core';
import { publishListing } from './listing';
import { releaseIfDeserted } from './presence';

/** The round just finished: its record saved and named in the state, the lobby told, and it is kept in the database. */
export async function finishRound(room: RoomCore): Promise<void> {
  const game = room.flow.game!;
  const s = room.state;
  const result = room.flow.results.at(-1)!;
  try {
    const file = await saveRound(room);
    if (!room.disposed) s.records.push(file);
    if (room.table?.kind === 'tv') while (s.records.length > TV_ROUNDS_KEPT) s.records.shift();
  } catch (e) {
    console.error(`rolit room ${room.roomId}: saving round ${result.round + 1}: ${faultText(e)}`);
  }
  publishListing(room);
  releaseIfDeserted(room);
  await keepRound(room, game, result.round, result.standInMoves);
  // Each person of the round with a key hears of its end on their event stream (docs/online.md, Bots over HTTP).
  for (const id of new Set(room.people.flatMap((p) => (p.playerId ? [p.playerId] : [])))) {
    tellPlayer(room.presence, id, { type: 'gameFinish', room: room.roomId, round: result.round }).catch((e: unknown) => console.error(`rolit room ${room.roomId}: gameFinish: ${faultText(e)}`));
  }
  if (!room.autoDispose) {
    room.autoDispose = true;
    if (room.clients.length === 0) await room.disconnect();
  }
}

/**
 * Keeps the finished round in the database, rating its players (docs/online.md, Players and
 * ratings), and tells everyone the new ratings. After everything the round's end shows, so the
 * database is never on a move's path; a failure is logged, and the round stays in its record.
 */
async function keepRound(room: RoomCore, game: Game, round: number, standInMoves: number[]): Promise<void> {
  // TV's computers play for watchers, as long as anyone watches: their rounds are nobody's games.
  if (room.table?.kind === 'tv') return;
  const { flow } = room;
  try {
    const result = game.state.result!;
    const ratings = await room.config.store.saveRound({
      id: recordFileName(room.roomId, round, false, passing(room)),
      room: room.roomId,
      round: round + 1,
      finishedAt: new Date(),
      size: game.setup.size,
      variant: game.setup.variant,
      misere: game.setup.misere,
      rated: room.options.rated !== false,
      record: roundRecord(room, game, round),
      seats: game.setup.players.map((colours, seat) => {
        const player = playerInSeat(seat, round, flow.players);
        const p = flow.player(player);
        const moves = game.state.moves.filter((m) => colours.includes(m.colour)).length;
        return {
          colours,
          player: p.kind === 'computer' ? computerPlayerId(p.level) : room.people[player].playerId,
          name: p.name,
          kind: p.kind === 'computer' ? 'computer' : room.people[player].bot ? 'bot' : 'human',
          score: result.playerScores[seat],
          // Given up: resigned, or a computer played most of the seat's moves (docs/online.md).
          forfeit: p.kind === 'human' && (p.resigned || 2 * standInMoves[seat] > moves),
          standInMoves: standInMoves[seat],
        };
      }),
    });
    if (!ratings?.length || room.disposed) return;
    room.broadcast('rated', { round, seats: ratings.map(({ seat, player, rating, change, provisional }) => ({ colour: game.setup.players[seat][0], player, rating, change, provisional })) });
  } catch (e) {
    console.error(`rolit room ${room.roomId}: keeping round ${round + 1} in the database: ${faultText(e)}`);
  }
}

/** Saves the round as it stands (finished, or unfinished with Result "*") and gives its name. */
export async function saveRound(room: RoomCore): Promise<string> {
  const game = room.flow.game!;
  const round = room.flow.round;
  return keepRecord(room.config.records, recordFileName(room.roomId, round, !game.state.over, passing(room)), roundRecord(room, game, round));
}

/** TV's and quick play's rounds are nobody's (their records expire); a challenge's are its players' like any room's. */
function passing(room: RoomCore): PassingTable | undefined {
  return room.table?.kind === 'challenge' ? undefined : room.table?.kind;
}

/** The round's record as it stands, its players named. */
function roundRecord(room: RoomCore, game: Game, round: number): string {
  // Records count rounds from 1 (the wire's `round` from 0).
  const names: Record<string, string> = { Room: room.roomId, Round: String(round + 1) };
  game.setup.players.forEach((colours, seat) => {
    const { name } = room.flow.player(playerInSeat(seat, round, room.flow.players));
    for (const colour of colours) names[colour[0].toUpperCase() + colour.slice(1)] = name;
  });
  return toRecord(game, { Date: recordDate(new Date()), ...names });
}
