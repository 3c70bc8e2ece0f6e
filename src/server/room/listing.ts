/**
 * A listed table's entry in the lobby (its metadata): published when it changes. The room closes
 * only after its saves (listingSaved): Colyseus' LobbyRoom takes a listing change heard after a
 * room's removal as the room back, so a change saved late would leave a closed table in every lobby.
 * A save that fails (Redis gone) is logged, and the room plays on: the lobby shows it as it was.
 */
import type { TableListing } from '../../wire/contract';
import { serverLog } from '../front/foldedLog';
import { faultText, playerOf, type RoomCore } from './core';

/** A listing's save failed: one log line a minute however many rooms fail alike (the room's code, quoted, folds). */
const unsaved = (room: RoomCore, what: string) => (e: unknown) => serverLog.line(`rolit room "${room.roomId}": ${what} not saved in the lobby: ${faultText(e)}`);

/** A listed table enters the lobby once its creator has joined, so that its first listing shows them at the table. */
export function list(room: RoomCore): void {
  const listed = room.setPrivate(false).catch(unsaved(room, 'listing'));
  room.listingSaved = Promise.all([room.listingSaved, listed]).then(() => undefined);
}

export function publishListing(room: RoomCore): void {
  if (!room.options.listed) return;
  const s = room.state;
  const { flow, people } = room;
  const lobby = flow.lobby;
  const host = playerOf(room, room.hostSession);
  const listing: TableListing = {
    host: host < 0 ? '' : flow.player(host).name,
    size: s.size,
    colours: [...lobby.colours],
    variant: s.variant,
    misere: s.misere,
    timeLimit: s.timeLimit,
    free: s.phase === 'waiting' ? people.flatMap((p, i) => (flow.player(i).kind === 'human' && !p.sessionId ? [lobby.players[i][0]] : [])) : [],
    seated: people.flatMap((p, i): TableListing['seated'] => {
      const colour = lobby.players[i][0];
      const { kind, name, level } = flow.player(i);
      if (kind === 'computer') return [{ colour, name, kind, level }];
      return p.sessionId ? [{ colour, name, kind, ...(p.bot ? { bot: true } : {}) }] : [];
    }),
    phase: s.phase,
    spectators: s.spectators,
  };
  const text = JSON.stringify(listing);
  if (text === room.listing) return;
  room.listing = text;
  const saved = room.setMetadata(listing).catch(unsaved(room, 'table'));
  room.listingSaved = Promise.all([room.listingSaved, saved]).then(() => undefined);
}
