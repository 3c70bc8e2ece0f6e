/**
 * Connects the online room to the session: once the room plays, the session shows the server's
 * round (showRemote) and the director animates it like a local one; out of the room (or in its
 * lobby) the local game is back. The server's refusals show as the session's messages.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Seat } from '../../engine/index';
import { computerName } from '../../i18n/playerNames';
import type { SessionState } from '../session/session';
import type { OnlineState, RoomView } from './onlineRoom';
import { onlineTexts } from './onlineTexts';

/** The room's seats as the session's: computers named by level, like local ones. */
export function seatsOf(view: RoomView): Seat[] {
  return view.seats.map((s, i): Seat => ({
    kind: s.kind === 'computer' ? 'computer' : 'human',
    level: s.kind === 'computer' ? s.level : undefined,
    name: s.kind === 'computer' ? computerName(s.level, i) : s.name,
    colours: s.colours,
    player: i,
  }));
}

export function linkOnline(online: StoreApi<OnlineState>, session: StoreApi<SessionState>): () => void {
  const update = (state: OnlineState, previous: OnlineState | null) => {
    const { view, log, you } = state;
    const inRoom = view !== null && view.phase !== 'waiting';
    // A rematch's state can come before its events: the board keeps the last round until they do.
    const inPlay = inRoom && log !== null && log.round === view.round && you !== null;
    const changed = !previous || view !== previous.view || log !== previous.log || you !== previous.you;
    if (inPlay && changed) {
      const mine = view.seats.find((s) => s.colour === you.colour)?.colours ?? [];
      session.getState().showRemote({ round: log.round, events: log.events, seats: seatsOf(view), results: [], mine, help: view.help, deadline: view.moveDeadline, send: (move) => state.send('play', { move }) });
    } else if (!inRoom && session.getState().remote) session.getState().showRemote(null);
    if (state.refusal && state.refusal !== previous?.refusal) session.getState().showNotice(onlineTexts.refusal(state.refusal), 'refusal');
  };
  update(online.getState(), null);
  return online.subscribe((state, previous) => update(state, previous));
}
