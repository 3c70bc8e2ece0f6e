/**
 * The page as the mirror of a room, for the conformance test (matchConformance.test.ts): a page
 * watching the in-process room, built as the page builds it. Its online store (createOnlineRoom)
 * follows a Colyseus room fed by hand with what the room's spectator client was sent and with the
 * room's state (`toJSON()`, the RoomSnapshot a client decodes), linkOnline shows the store's round
 * in a session (showRemote), and the mirror's view is what the page publishes: the session's
 * round, seats, results, stand-in moves and notices, the store's seats and messages.
 */
import type { Room } from '@colyseus/sdk';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { linkOnline } from '../../src/app/online/onlineLink';
import { createOnlineRoom } from '../../src/app/online/onlineRoom';
import { createSession, type SessionState } from '../../src/app/session/session';
import { sessionTexts } from '../../src/app/session/sessionTexts';
import { type Colour, roundOutcome, type Seat } from '../../src/engine';
import { gaveUpShown } from '../../src/app/session/remoteRound';
import type { RoomState } from '../../src/server/room/state';
import type { DecodedRoom, RoomSeat } from '../../src/wire/roomSnapshot';
import type { FakeClient } from '../server/roomHarness';

/** What a host shows after a step. */
export interface View {
  phase: string;
  round: number;
  toMove: string;
  moves: string[];
  seats: { name: string; reason: string }[];
  /** The finished rounds; `standInMoves` is left out where a host does not show it (the page, for rounds before the current one). */
  results: { round: number; playerScores: number[]; winners: number[]; standInMoves?: number[] }[];
  notices: string[];
}

/** A host's view as the page shows it: the page shows stand-in moves for the current round only (RoundOver), not for the rounds before it. */
export function asThePageShows(view: View): View {
  return { ...view, results: view.results.map(({ standInMoves, ...result }) => (result.round < view.round ? result : { ...result, standInMoves })) };
}

const noComputer: ComputerPlayer = {
  think() {
    throw new Error('the page asked its own computer while watching a room');
  },
};

/** A joined room as the page's Colyseus client holds it, its messages and state handed in by the test. */
function heldRoom(name: string) {
  const handlers = new Map<string, (message: unknown) => void>();
  let stateChanged: (state: DecodedRoom) => void = () => undefined;
  const room = {
    roomId: 'mirror',
    name,
    reconnectionToken: 'token',
    reconnection: { minUptime: 5000 },
    onStateChange: (handler: typeof stateChanged) => void (stateChanged = handler),
    onMessage: (type: string, handler: (message: unknown) => void) => void handlers.set(type, handler),
    onDrop: () => undefined,
    onReconnect: () => undefined,
    onLeave: () => undefined,
    send(type: string) {
      throw new Error(`a spectator's page sent ${type}`);
    },
    leave: async () => 1000,
  };
  return { room: room as unknown as Room, message: (type: string, message: unknown) => handlers.get(type)?.(message), state: (state: DecodedRoom) => stateChanged(state) };
}

/** The colour a notice of the page says the clock played for (sessionTexts.timeRanOut, the notice of a room's time-out as of a round played here), else null. */
function timedOut(session: SessionState, text: string): Colour | null {
  const colours = session.seats.flatMap((s) => s.colours);
  const moves = session.snapshot.state.moves.map((m) => m.squares.join('+'));
  return colours.find((colour) => moves.some((move) => sessionTexts.timeRanOut(colour, move, session.snapshot.setup.misere) === text)) ?? null;
}

/**
 * Why a seat is held, as the page shows it: the room bar's presence (Presence.tsx) reads the
 * store's seat; the seats panel (Seats.tsx) says a computer's own seat and a resigned one from the
 * session's seat and `resignedSeats`. Where the two disagree the log names both.
 */
function reasonShown(held: RoomSeat | undefined, seat: Seat, resigned: SessionState['resignedSeats']): string {
  const panel = resigned?.[seat.colours[0]] !== undefined ? 'resigned' : seat.kind === 'computer' ? 'computerSeat' : 'a person';
  const bar = held?.reason ?? 'no seat in the room bar';
  return bar === panel || (panel === 'a person' && bar !== 'resigned' && bar !== 'computerSeat') ? bar : `${bar} (seats panel: ${panel})`;
}

/** A page watching the room `spectator` is a client of; its view takes in what the client was sent since the last one, then the room's state. */
export async function pageMirror(spectator: FakeClient, state: RoomState, roomName: string): Promise<{ view(): View; close(): void }> {
  // The schema's plain copy is the wire's snapshot, its strings narrowed to colours and codes (test/wire/roomSnapshot.test.ts).
  const decoded = state as unknown as DecodedRoom;
  const session = createSession({ computer: noComputer, levels: ['beginner'], defaultLevel: 'beginner', storage: null, now: () => Date.now() }, { search: '?seats=human,human' });
  const online = createOnlineRoom({ endpoint: 'http://127.0.0.1:9', tabStorage: null });
  const held = heldRoom(roomName);
  await online.getState().enter(async () => held.room);
  const unlink = linkOnline(online, session);
  // What the page told, in order: resignations and computer fallbacks (ResignedNotice, FallbackNotice) and the clock's moves (the session's notice).
  const notices: string[] = [];
  online.subscribe((now, before) => {
    if (now.resigned && now.resigned !== before.resigned) notices.push(`resigned ${now.resigned.colour}`);
    if (now.fallback && now.fallback !== before.fallback) notices.push(`fallback ${now.fallback.colour} ${now.fallback.level}`);
  });
  session.subscribe((now, before) => {
    const colour = now.message && now.message !== before.message && now.message.kind === 'notice' ? timedOut(now, now.message.text) : null;
    if (colour) notices.push(`timeExpired ${colour}`);
  });
  let read = 0;
  return {
    view() {
      // The messages come as they are sent (copies, as off the wire), the state's patch after them.
      for (const { type, message } of spectator.inbox.slice(read)) held.message(type, structuredClone(message));
      read = spectator.inbox.length;
      held.state(decoded);
      const { snapshot, round, seats, results, resignedSeats, standInMoves } = session.getState();
      const room = online.getState().room;
      const finished: View['results'] = results.map(({ playerScores, winners }, r) => ({ round: r, playerScores, winners }));
      // The winners the page says: a seat given up wins nothing (RoundOver, the standings: roundOutcome).
      const outcome = snapshot.result && roundOutcome(snapshot.result, snapshot.setup.misere, gaveUpShown(session.getState()));
      if (snapshot.over && outcome) finished.push({ round, playerScores: outcome.playerScores, winners: outcome.winners, standInMoves: [...(standInMoves ?? [])] });
      return {
        phase: snapshot.over ? 'over' : 'playing',
        round,
        toMove: snapshot.over ? '' : (snapshot.state.toMove ?? ''),
        moves: snapshot.state.moves.map((m) => m.squares.join('+')),
        // A computer is named by its level and its player's place ("Beginner 2"); the log names it by its level, as the room does.
        seats: seats.map((seat) => ({
          name: seat.kind === 'computer' ? `computer (${seat.level})` : seat.name,
          reason: reasonShown(room?.seats.find((s) => s.colour === seat.colours[0]), seat, resignedSeats),
        })),
        results: finished,
        notices: [...notices],
      };
    },
    close() {
      unlink();
      session.getState().dispose();
    },
  };
}
