/**
 * Who comes into the room and where they sit: the create options checked into the match's rules
 * and seats, and each join's options into a seat (by colour, or taken back by key or player id)
 * or a spectator's place. Refusals are thrown (refuse) with the codes of docs/online.md.
 */
import { type Colour, PLAYER_COLOURS, roundSetup, seatOfColour, setupRefusal } from '../../engine';
import { MatchFlow, type MatchFlowHost, type SeatSpec } from '../../flow/matchFlow';
import { notInPlay } from '../../flow/turnFlow';
import { createOptions, type CreateOptions, issuesText, joinOptions, quickOptions, tvOptions } from '../../wire/contract';
import { playerIdOf } from '../players/playerId';
import type { ServerTable } from './serverTable';
import { type Client, refuse, type RoomCore } from './core';
import { seatWithKey, takeSeatBack } from './presence';

/** The creator's choice of seat (a match player, or null to watch), used when the creator's own join arrives. */
export interface Creator {
  name: string;
  player: number | null;
  id: string | null;
}

/** A create's options checked: the room's options, its match flow (seats set up, none taken), and the creator's seat. */
export function openTable(raw: Record<string, unknown>, table: ServerTable | null, host: MatchFlowHost): { options: CreateOptions; flow: MatchFlow; creator: Creator | null } {
  const parsed = createOptions.safeParse(table?.options ?? raw);
  if (!parsed.success) throw refuse('badOptions', issuesText(parsed.error));
  // Without `colours`: all four, but two on the 4x4 board, which is for one or two players.
  const options = { ...parsed.data, colours: parsed.data.colours ?? (parsed.data.size === 4 ? PLAYER_COLOURS[2] : undefined) };
  const rules = { size: options.size, colours: options.colours, variant: options.variant, misere: options.misere, moveTimeLimit: options.timeLimit, takeBacks: false };
  const problem = setupRefusal(rules);
  if (problem) throw refuse('badSetup', problem.message);
  const person: SeatSpec = { kind: 'human', level: options.standIn };
  // One seat for each of the colours' players (the flow's seats make its players, solo one for red and green).
  const { players } = roundSetup({ ...rules, seed: 0 });
  if (options.seats && options.seats.length !== players.length) throw refuse('badSetup', `seats: ${players.length} seats are in play (${players.map((c) => c.join('+')).join(', ')}), not ${options.seats.length}`);
  const seats = options.seats?.map((spec): SeatSpec => (spec.kind === 'computer' ? spec : person)) ?? players.map(() => person);
  let flow: MatchFlow;
  try {
    flow = new MatchFlow(rules, seats, host);
  } catch (e) {
    throw refuse('badSetup', `seats: ${(e as Error).message}`);
  }
  const player = options.colour === undefined ? null : freeSeat(flow, options.colour, () => false);
  return { options, flow, creator: table ? null : { name: options.name, player, id: options.player === undefined ? null : playerIdOf(options.player) } };
}

/** The match player whose lobby seat plays `colour`, refused when it is not in play, a computer's, or taken. */
export function freeSeat(flow: MatchFlow, colour: Colour, taken: (player: number) => boolean): number {
  const player = seatOfColour(flow.lobby.players, colour);
  if (player < 0) throw refuse('notInPlay', notInPlay(flow.lobby, colour));
  if (flow.player(player).kind === 'computer') throw refuse('computerSeat', `${colour} is played by a computer`);
  if (taken(player)) throw refuse('colourTaken', `${colour} is taken`);
  return player;
}

/**
 * Where a join of `client` with these options sits: a match player's seat (null: it watches), its
 * name and public id. A seat taken back (by the player's id or a seat key) is dealt with here.
 */
export function seatAsked(room: RoomCore, client: Client, raw: unknown, arrived: () => number): Creator | 'takenBack' {
  if (room.table?.kind === 'tv') {
    const parsed = tvOptions.safeParse(raw);
    if (!parsed.success) throw refuse('badOptions', `${issuesText(parsed.error)} (TV is watched: join with { name })`);
    return { name: parsed.data.name, player: null, id: null };
  }
  if (room.table?.players.includes(client.sessionId)) {
    // Quick play: the group's players (their seats reserved by the queue) take the human seats in the order they arrive.
    const parsed = quickOptions.safeParse(raw);
    if (!parsed.success) throw refuse('badOptions', issuesText(parsed.error));
    const id = parsed.data.player === undefined ? null : playerIdOf(parsed.data.player);
    // One arriving after the start (its reservation not yet run out) watches: its seat has a computer.
    return { name: parsed.data.name, id, player: room.flow.phase === 'waiting' ? arrived() : null };
  }
  const parsed = joinOptions.safeParse(raw);
  if (!parsed.success) throw refuse('badOptions', issuesText(parsed.error));
  const { name } = parsed.data;
  const id = parsed.data.player === undefined ? null : playerIdOf(parsed.data.player);
  // The seat follows the player: their key takes back a seat they hold here, whatever else the join asks.
  const held = id === null ? -1 : room.people.findIndex((p) => p.playerId === id);
  const back = held >= 0 ? held : 'seatKey' in parsed.data ? seatWithKey(room, parsed.data.seatKey) : -1;
  if (back >= 0) {
    takeSeatBack(room, client, back);
    return 'takenBack';
  }
  if (!('colour' in parsed.data)) return { name, id, player: null };
  if (room.table) throw refuse('started', 'the seats of a quick-play table are its players\': join as a spectator');
  if (room.flow.phase !== 'waiting') throw refuse('started', 'the match has started: join as a spectator');
  return { name, id, player: freeSeat(room.flow, parsed.data.colour, (player) => room.people[player].sessionId !== null) };
}
