/**
 * Connects the online room to the session: once the room plays, the session shows the server's
 * round (showRemote) and the director animates it like a local one; out of the room (or in its
 * lobby) the local game is back. The server's refusals show as the session's messages.
 */
import type { StoreApi } from 'zustand/vanilla';
import { type Colour, playerInSeat, type RoundResult, roundWinners, type Seat } from '../../engine/index';
import { computerName } from '../../i18n/playerNames';
import type { SessionState } from '../session/session';
import type { OnlineState, RoomView } from './onlineRoom';
import { onlineTexts } from './onlineTexts';
import { resultBalls } from './roomRecords';

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
export function seatsOf(view: RoomView): Seat[] {
  return view.seats.map((s, i): Seat => ({
    kind: s.kind === 'computer' ? 'computer' : 'human',
    level: s.kind === 'computer' ? s.level : undefined,
    name: seatName(view, i),
    colours: s.colours,
    player: playerInSeat(i, view.round, view.seats.length),
  }));
}

/**
 * The match's rounds before the room's current one as the engine's results (in each round's seat
 * order, the seats' colours the same every round), from the room's result lines, won as the engine
 * says (roundWinners). None when a line cannot be read, so rounds never shift.
 */
export function roomResults(view: RoomView): RoundResult[] {
  const lines = view.results.slice(0, view.round);
  const results = lines.map((line): RoundResult | null => {
    const scores = Object.fromEntries(resultBalls(line)) as Partial<Record<Colour, number>>;
    if (Object.keys(scores).length === 0) return null;
    const playerScores = view.seats.map((seat) => seat.colours.reduce((sum, c) => sum + (scores[c] ?? 0), 0));
    return { scores, playerScores, winners: roundWinners(playerScores, view.misere) };
  });
  return results.every((r) => r !== null) && results.length === view.round ? (results as RoundResult[]) : [];
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
      session.getState().showRemote({ round: log.round, events: log.events, seats: seatsOf(view), results: roomResults(view), mine, help: view.help, deadline: view.moveDeadline, send: (move) => state.send('play', { move }) });
    } else if (!inRoom && session.getState().remote) session.getState().showRemote(null);
    if (state.refusal && state.refusal !== previous?.refusal) session.getState().remoteRefused(onlineTexts.refusal(state.refusal));
  };
  update(online.getState(), null);
  return online.subscribe((state, previous) => update(state, previous));
}
