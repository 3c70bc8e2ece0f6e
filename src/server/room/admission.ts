/**
 * Who comes into the room and where they sit: the create options checked into the match's rules
 * and seats, and each join's options into a seat (by colour, or taken back by key or player id)
 * or a spectator's place. Refusals are thrown (refuse) with the codes of docs/online.md.
 */
import { type Colour, PLAYER_COLOURS, roundSetup, seatOfColour, setupRefusal } from '../../engine';
import { MatchFlow, type MatchFlowHost, type MatchRules, type SeatSpec } from '../../flow/matchFlow';
import { notInPlay } from '../../flow/turnFlow';
import { createOptions, type CreateOptions, issuesText, parseJoinOptions, quickOptions, tvOptions } from '../../wire/contract';
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

/** A table's options checked into its rules and seats, before any flow: what openTable sets up, and what a challenge is checked with. */
export interface TableSetup {
  options: CreateOptions;
  rules: MatchRules;
  seats: SeatSpec[];
  /** The colours of each seat, in seat order. */
  players: Colour[][];
}

/** The create options checked: the table's rules and seats, or the refusal (`badOptions`, `badSetup`) thrown. */
export function tableSetup(raw: unknown): TableSetup {
  const parsed = createOptions.safeParse(raw);
  if (!parsed.success) throw refuse('badOptions', issuesText(parsed.error, 'options'));
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
  return { options, rules, seats, players };
}

/**
 * The seats a challenge holds for its two players (docs/online.md, Challenges): the challenger's
 * (its colour, or the first seat for a person) and the challenged player's (the next one for a
 * person), as match players; refused when the table has no such two.
 */
export function challengeSeats(setup: Pick<TableSetup, 'seats' | 'players'>, colour: Colour | undefined): [number, number] {
  const people = setup.seats.flatMap((s, i) => (s.kind === 'human' ? [i] : []));
  const mine = colour === undefined ? people[0] : seatOfColour(setup.players, colour);
  if (mine < 0) throw refuse('notInPlay', `${colour} is not in play`);
  if (setup.seats[mine].kind === 'computer') throw refuse('computerSeat', `${colour} is played by a computer`);
  const theirs = people.find((p) => p !== mine);
  if (theirs === undefined) throw refuse('badSetup', 'a challenge needs two seats for people');
  return [mine, theirs];
}

/**
 * A create's options checked: the room's options, its match flow (seats set up, none taken), the
 * creator's seat, and the seats a challenge's table holds for its players (by public id).
 */
export function openTable(raw: Record<string, unknown>, table: ServerTable | null, host: MatchFlowHost): { options: CreateOptions; flow: MatchFlow; creator: Creator | null; held: Map<string, number> } {
  const setup = tableSetup(table?.options ?? raw);
  const { options, rules, seats } = setup;
  let flow: MatchFlow;
  try {
    flow = new MatchFlow(rules, seats, host);
  } catch (e) {
    throw refuse('badSetup', `seats: ${(e as Error).message}`);
  }
  const player = options.colour === undefined ? null : freeSeat(flow, options.colour, () => false);
  const challenge = table?.challenge;
  const held = new Map(challenge ? challengeSeats(setup, challenge.colour).map((seat, i) => [challenge.players[i], seat]) : []);
  return { options, flow, creator: table ? null : { name: options.name, player, id: options.player === undefined ? null : playerIdOf(options.player) }, held };
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
    if (!parsed.success) throw refuse('badOptions', `${issuesText(parsed.error, 'options')} (TV is watched: join with { name } and your player key if you have one)`);
    return { name: parsed.data.name, player: null, id: parsed.data.player === undefined ? null : playerIdOf(parsed.data.player) };
  }
  if (room.table?.players.includes(client.sessionId)) {
    // Quick play: the group's players (their seats reserved by the queue) take the human seats in the order they arrive.
    const parsed = quickOptions.safeParse(raw);
    if (!parsed.success) throw refuse('badOptions', issuesText(parsed.error, 'options'));
    const id = parsed.data.player === undefined ? null : playerIdOf(parsed.data.player);
    // One arriving after the start (its reservation not yet run out) watches: its seat has a computer.
    return { name: parsed.data.name, id, player: room.flow.phase === 'waiting' ? arrived() : null };
  }
  const parsed = parseJoinOptions(raw);
  if (!parsed.ok) throw refuse('badOptions', parsed.problem);
  const options = parsed.options;
  const { name } = options;
  const id = options.player === undefined ? null : playerIdOf(options.player);
  // The seat follows the player: their key takes back a seat they hold here, whatever else the join asks.
  const held = id === null ? -1 : room.people.findIndex((p) => p.playerId === id);
  const back = held >= 0 ? held : 'seatKey' in options ? seatWithKey(room, options.seatKey) : -1;
  if (back >= 0) {
    takeSeatBack(room, client, back);
    return 'takenBack';
  }
  // A challenge's table holds its players' seats for their keys until they come.
  const challenged = id === null ? -1 : challengeSeatOf(room, id);
  if (challenged >= 0) return { name, id, player: challenged };
  if ('spectator' in options) return { name, id, player: null };
  if (!('colour' in options)) throw refuse('noSeatHeld', 'this player key holds no seat in this room: join with colour to take a free seat, or spectator: true to watch');
  if (room.table) throw refuse('started', `the seats of a ${room.table.kind === 'quick' ? 'quick-play' : 'challenge'} table are its players': join as a spectator`);
  if (room.flow.phase !== 'waiting') throw refuse('started', 'the match has started: join as a spectator');
  return { name, id, player: freeSeat(room.flow, options.colour, (player) => room.people[player].sessionId !== null) };
}

/** The match player whose seat a challenge's table holds for the player `id`, while it waits for them; -1 for none. */
function challengeSeatOf(room: RoomCore, id: string): number {
  const player = room.heldSeats.get(id);
  if (player === undefined || room.flow.phase !== 'waiting' || room.flow.player(player).kind !== 'human') return -1;
  return room.people[player].sessionId === null ? player : -1;
}

/** Whether every seat a challenge's table holds is taken: the match then starts by itself. */
export function challengersArrived(room: RoomCore): boolean {
  return room.heldSeats.size > 0 && [...room.heldSeats.values()].every((player) => room.people[player].sessionId !== null);
}
