/** The events of a bot's state lines (src/server/bots/stateLine.ts): each drop, stand-in and return told once, when it happens. */
import { expect, it } from 'vitest';
import { StateLines } from '../../src/server/bots/stateLine';
import type { RoomSeat, RoomSnapshot } from '../../src/wire/roomSnapshot';

const seat = (colour: string, change: Partial<RoomSeat> = {}) =>
  ({ colour, colours: [colour], name: colour, kind: 'human', bot: false, level: 'beginner', holder: 'person', reason: 'seated', connected: true, standIn: false, dropDeadline: 0, score: 2, ...change }) as unknown as RoomSeat;

const table = (moves: string[], green: Partial<RoomSeat> = {}) =>
  ({ phase: 'playing', round: 0, size: 4, variant: 'standard', misere: false, timeLimit: 30, host: 'red', toMove: moves.length % 2 ? 'green' : 'red', moveDeadline: 0, moves, legal: ['a1'], seats: [seat('red'), seat('green', green)] }) as unknown as RoomSnapshot;

it('tells a return once, when the dropped player is back, not on each line while they are away', () => {
  const lines = new StateLines();
  const dropped = { connected: false, reason: 'dropped', dropDeadline: 99 } as Partial<RoomSeat>;
  expect(lines.line(table([]), 'red')?.events).toEqual([]);
  expect(lines.line(table([], dropped), 'red')?.events).toEqual([{ type: 'dropped', colour: 'green', dropDeadline: 99 }]);
  // Red plays while green is still away: nothing happened to green's seat.
  expect(lines.line(table(['d2'], dropped), 'red')?.events).toEqual([]);
  expect(lines.line(table(['d2']), 'red')?.events).toEqual([{ type: 'back', colour: 'green' }]);
});
