/**
 * The match copied into the room's synchronised state (state.ts): the flow's snapshot (seats, who
 * holds each and why, the turn, its deadline), the scores, and the lobby listing that follows them.
 */
import { ballCounts } from '../../engine';
import type { MatchSnapshot } from '../../wire/matchSnapshot';
import { phaseNow, standInLeftNow } from '../players/playing';
import { SeatState } from './state';
import { faultText, playerOf, type RoomCore } from './core';
import { publishListing } from './listing';

/** The seats as the flow holds them (names, who holds each and why), the host's colour, the scores and the lobby listing. */
export function publishSeats(room: RoomCore): void {
  const { flow, state: s } = room;
  const snapshot = flow.snapshot();
  publishPhase(room, snapshot.phase);
  snapshot.seats.forEach((seat, i) => {
    let state = s.seats[i];
    if (!state) s.seats.push((state = new SeatState()));
    state.colour = seat.colours[0];
    if (state.colours.join() !== seat.colours.join()) {
      state.colours.clear();
      state.colours.push(...seat.colours);
    }
    state.player = seat.player;
    state.name = seat.name;
    state.kind = seat.kind;
    state.level = seat.level;
    state.bot = seat.kind === 'human' && room.people[seat.player]?.bot === true;
    state.connected = seat.kind === 'computer' || flow.player(seat.player).presence === 'here';
    state.dropDeadline = seat.dropDeadline;
    state.standIn = flow.holder(seat.player).standIn === true;
    state.resigned = seat.reason === 'resigned';
    state.holder = seat.holder;
    state.reason = seat.reason;
  });
  s.nextRoundAt = snapshot.nextRoundAt;
  const host = playerOf(room, room.hostSession);
  s.host = host < 0 ? '' : flow.colourOf(host);
  publishCounts(room, snapshot);
  publishListing(room);
}

/** The turn to move (its colour, legal moves and deadline), the scores and the stand-ins' moves. */
export function publishTurn(room: RoomCore): void {
  const { flow, state: s } = room;
  const snapshot = flow.snapshot();
  publishPhase(room, snapshot.phase);
  s.toMove = snapshot.toMove ?? '';
  s.legal.clear();
  if (snapshot.toMove) s.legal.push(...flow.game!.legalMoves());
  s.moveDeadline = snapshot.moveDeadline;
  publishCounts(room, snapshot);
}

/** The phase each room last shared in the presence (`GET /players/<id>/playing` answers it). */
const sharedPhase = new WeakMap<RoomCore, MatchSnapshot['phase']>();

/** The room's phase in its state and, when it changed, in the presence shared by every process. */
function publishPhase(room: RoomCore, phase: MatchSnapshot['phase']): void {
  room.state.phase = phase;
  if (sharedPhase.get(room) === phase) return;
  sharedPhase.set(room, phase);
  phaseNow(room.presence, room.roomId, phase, room.config.presenceSeconds).catch((e: unknown) => console.error(`rolit room ${room.roomId}: phase shared: ${faultText(e)}`));
}

/** What each move may change in a seat: its balls on the board, the moves a computer played for its person. */
function publishCounts(room: RoomCore, snapshot: MatchSnapshot): void {
  snapshot.seats.forEach((seat, i) => {
    const state = room.state.seats[i];
    if (!state) return;
    shareStandInLeft(room, seat.player, snapshot.phase === 'playing' && seat.kind === 'human' ? seat.standInLeft : null);
    Object.assign(state, { standInMoves: seat.standInMoves, standInLeft: seat.standInLeft, gaveUp: seat.gaveUp });
  });
  const game = room.flow.game;
  if (!game) return;
  const { playerScores } = ballCounts(game.setup, game.state.board);
  playerScores.forEach((score, seat) => {
    if (room.state.seats[seat]) room.state.seats[seat].score = score;
  });
}

/** What each room last shared of its persons' stand-in moves left (`GET /players/<id>/playing` answers it), by match player. */
const sharedLeft = new WeakMap<RoomCore, Map<number, number | null>>();

/** A person's stand-in moves left before the round counts as given up, in the presence when it changed (null: no round in play). */
function shareStandInLeft(room: RoomCore, player: number, left: number | null): void {
  const id = room.people[player]?.playerId;
  const shared = sharedLeft.get(room) ?? new Map<number, number | null>();
  sharedLeft.set(room, shared);
  if (!id || shared.get(player) === left) return;
  shared.set(player, left);
  standInLeftNow(room.presence, room.roomId, id, left).catch((e: unknown) => console.error(`rolit room ${room.roomId}: stand-in moves shared: ${faultText(e)}`));
}
