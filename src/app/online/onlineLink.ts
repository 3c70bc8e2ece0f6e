/**
 * Connects the online room to the session: once the room plays, the session shows the server's
 * round (showRemote) and the director animates it like a local one; out of the room (or in its
 * lobby) the local game is back. The server's refusals show as the session's messages.
 */
import type { StoreApi } from 'zustand/vanilla';
import { type Colour, playerInSeat, type RoundResult, type Seat } from '../../engine/index';
import { computerName } from '../../i18n/playerNames';
import type { SessionState } from '../session/session';
import type { OnlineState, RoomView } from './onlineRoom';
import { onlineTexts } from './onlineTexts';

/**
 * The name of the player in a seat of the room this round: a person's own, a computer's by its level
 * and its place in the match ("Tactician 3"), which it keeps as seats rotate between rounds; '' for
 * a free seat.
 */
export function seatName(view: Pick<RoomView, 'seats' | 'round'>, seat: number): string {
  const s = view.seats[seat];
  return s.kind === 'computer' ? computerName(s.level, playerInSeat(seat, view.round, view.seats.length)) : s.name;
}

/** The room's seats as the session's: computers named like local ones; `player` is the match's player in the seat this round (seats rotate between rounds as in a local match). */
export function sessionSeatsOfRoom(view: RoomView): Seat[] {
  return view.seats.map((s, i): Seat => ({
    kind: s.kind === 'computer' ? 'computer' : 'human',
    level: s.kind === 'computer' ? s.level : undefined,
    name: seatName(view, i),
    colours: s.colours,
    player: playerInSeat(i, view.round, view.seats.length),
  }));
}

/** The room's resigned seats by their first colour, with the level of the computer that plays on for each. */
export function resignedSeats(view: Pick<RoomView, 'seats'>): Partial<Record<Colour, string>> {
  return Object.fromEntries(view.seats.filter((s) => s.resigned).map((s) => [s.colours[0], s.level]));
}

/**
 * The match's rounds before the room's current one, as the engine's results; none unless the room
 * has every one of them (TV keeps its last rounds only), so rounds never shift.
 */
export function roomResults(view: RoomView): RoundResult[] {
  const before = view.results.filter((r) => r.round < view.round).sort((a, b) => a.round - b.round);
  if (before.length !== view.round || before.some((r, i) => r.round !== i)) return [];
  return before.map(({ scores, playerScores, winners }) => ({ scores, playerScores, winners }));
}

export function linkOnline(online: StoreApi<OnlineState>, session: StoreApi<SessionState>): () => void {
  const update = (state: OnlineState, previous: OnlineState | null) => {
    const { view, log, you } = state;
    const inRoom = view !== null && view.phase !== 'waiting';
    // A rematch's state can come before its events: the board keeps the last round until they do.
    const inPlay = inRoom && log !== null && log.round === view.round && you !== null;
    const changed = !previous || view !== previous.view || log !== previous.log || you !== previous.you;
    if (inPlay && changed) {
      // A player who resigned plays no more this round: the computer has the seat.
      const seat = view.seats.find((s) => s.colour === you.colour);
      const mine = seat && !seat.resigned ? seat.colours : [];
      session.getState().showRemote({ round: log.round, events: log.events, seats: sessionSeatsOfRoom(view), results: roomResults(view), mine, resigned: resignedSeats(view), help: view.help, deadline: view.moveDeadline, send: (move) => state.send('play', { move }) });
    } else if (!inRoom && session.getState().remote) session.getState().showRemote(null);
    if (state.refusal && state.refusal !== previous?.refusal) session.getState().remoteRefused(onlineTexts.refusal(state.refusal));
  };
  update(online.getState(), null);
  return online.subscribe((state, previous) => update(state, previous));
}
