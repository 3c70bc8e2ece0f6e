/**
 * Connects the online room to the session: once the room plays, the session shows the server's
 * round (showRemote) and the director animates it like a local one; out of the room (or in its
 * lobby) the local game is back. The server's refusals show as the session's messages.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Colour, RoundResult, Seat } from '../../engine/index';
import { computerName } from '../../i18n/playerNames';
import type { RoomSnapshot } from '../../wire/roomSnapshot';
import type { SessionState } from '../session/session';
import type { OnlineState } from './onlineRoom';
import { onlineTexts } from './onlineTexts';

/**
 * The name of the player in a seat of the room this round: a person's own, a computer's by its level
 * and its place in the match ("Tactician 3"), which it keeps as seats rotate between rounds; '' for
 * a free seat.
 */
export function seatName(room: Pick<RoomSnapshot, 'seats'>, seat: number): string {
  const s = room.seats[seat];
  return s.kind === 'computer' ? computerName(s.level, s.player) : s.name;
}

/** The room's seats as the session's: computers named like local ones, bots said to be bots; `player` is the match's player in the seat this round (seats rotate between rounds as in a local match). */
export function sessionSeatsOfRoom(room: Pick<RoomSnapshot, 'seats'>): Seat[] {
  return room.seats.map((s, i): Seat => ({
    kind: s.kind === 'computer' ? 'computer' : 'human',
    level: s.kind === 'computer' ? s.level : undefined,
    name: s.bot && s.name ? onlineTexts.botName(s.name) : seatName(room, i),
    colours: s.colours,
    player: s.player,
  }));
}

/** The room's resigned seats by their first colour, with the level of the computer that plays on for each. */
export function resignedSeats(room: Pick<RoomSnapshot, 'seats'>): Partial<Record<Colour, string>> {
  return Object.fromEntries(room.seats.filter((s) => s.reason === 'resigned').map((s) => [s.colours[0], s.level]));
}

/**
 * The match's rounds before the room's current one, as the engine's results; none unless the room
 * has every one of them (TV keeps its last rounds only), so rounds never shift.
 */
export function roomResults(room: Pick<RoomSnapshot, 'results' | 'round'>): RoundResult[] {
  const before = room.results.filter((r) => r.round < room.round).sort((a, b) => a.round - b.round);
  if (before.length !== room.round || before.some((r, i) => r.round !== i)) return [];
  return before.map(({ scores, playerScores, winners }) => ({ scores, playerScores, winners }));
}

/** Per seat, whether its person gave up the room's current round: as its result says once it is over, else as the seats say now. */
export function roomGaveUp(room: Pick<RoomSnapshot, 'results' | 'round' | 'seats'>): boolean[] {
  return room.results.find((r) => r.round === room.round)?.gaveUp ?? room.seats.map((s) => s.gaveUp);
}

export function linkOnline(online: StoreApi<OnlineState>, session: StoreApi<SessionState>): () => void {
  const update = (state: OnlineState, previous: OnlineState | null) => {
    const { room, log, you } = state;
    const inRoom = room !== null && room.phase !== 'waiting';
    // A rematch's state can come before its events: the board keeps the last round until they do.
    const inPlay = inRoom && log !== null && log.round === room.round && you !== null;
    const changed = !previous || room !== previous.room || log !== previous.log || you !== previous.you;
    if (inPlay && changed) {
      // A player who resigned plays no more this round: the computer has the seat.
      const seat = room.seats.find((s) => s.colour === you.colour);
      const mine = seat && seat.reason !== 'resigned' ? seat.colours : [];
      session.getState().showRemote({ round: log.round, events: log.events, seats: sessionSeatsOfRoom(room), results: roomResults(room), mine, resigned: resignedSeats(room), standInMoves: room.seats.map((s) => s.standInMoves), gaveUp: roomGaveUp(room), help: room.help, deadline: room.moveDeadline, send: (move) => state.send('play', { move }) });
    } else if (!inRoom && session.getState().remote) session.getState().showRemote(null);
    if (state.refusal && state.refusal !== previous?.refusal) session.getState().remoteRefused(onlineTexts.refusal(state.refusal));
  };
  update(online.getState(), null);
  return online.subscribe((state, previous) => update(state, previous));
}
