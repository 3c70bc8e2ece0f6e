import { describe, expect, it } from 'vitest';
import { listAfter, tableOf } from '../../src/app/online/openTables';

const seated = [{ colour: 'red', name: 'Ann', kind: 'human' }, { colour: 'green', name: 'computer (master)', kind: 'computer', level: 'master' }];
const metadata = { host: 'Ann', size: 8, colours: ['red', 'yellow', 'green', 'blue'], variant: 'standard', misere: false, timeLimit: 30, free: ['yellow', 'blue'], seated, phase: 'waiting', spectators: 1 };
const listing = (roomId: string, change: Record<string, unknown> = {}) => ({ roomId, name: 'rolit', clients: 2, maxClients: 64, metadata: { ...metadata, ...change } });

describe('the lobby’s listings as open tables', () => {
  it('reads a listing’s metadata', () => {
    expect(tableOf(listing('A'))).toEqual({ roomId: 'A', ...metadata });
  });

  it('leaves out a listing it cannot read, whatever is wrong with it', () => {
    for (const bad of [
      null,
      'A',
      { roomId: 'A' },
      { roomId: 7, metadata },
      listing('A', { seated: undefined }),
      listing('A', { seated: [{ colour: 'red', name: 'Ann' }] }),
      listing('A', { seated: [{ colour: 'pink', name: 'Ann', kind: 'human' }] }),
      listing('A', { host: 3 }),
      listing('A', { host: '' }),
      listing('A', { colours: [] }),
      listing('A', { colours: ['red', 'purple'] }),
      listing('A', { free: 'yellow' }),
      listing('A', { phase: 'lobby' }),
      listing('A', { size: -8 }),
      listing('A', { timeLimit: 1.5 }),
      listing('A', { misere: 'no' }),
      listing('A', { spectators: undefined }),
    ]) expect(tableOf(bad), JSON.stringify(bad)).toBeNull();
  });

  it("keeps a computer's level, and nothing but the seat's fields", () => {
    const odd = [{ colour: 'red', name: 'Ann', kind: 'human', level: 'master', extra: 1 }, { colour: 'green', name: 'c', kind: 'computer', level: 3 }];
    expect(tableOf(listing('A', { seated: odd }))?.seated).toEqual([{ colour: 'red', name: 'Ann', kind: 'human' }, { colour: 'green', name: 'c', kind: 'computer' }]);
  });

  it('keeps only free colours that are in play', () => {
    expect(tableOf(listing('A', { colours: ['red', 'green'], free: ['green', 'blue'] }))?.free).toEqual(['green']);
  });

  it('follows rooms, + and -: the whole list, a table added or changed in place, a table gone', () => {
    let tables = listAfter([], 'rooms', [listing('A'), listing('B', { host: 'Bob' }), { roomId: 'C' }]);
    expect(tables.map((t) => t.roomId)).toEqual(['A', 'B']);
    tables = listAfter(tables, '+', ['C', listing('C', { host: 'Cy' })]);
    expect(tables.map((t) => t.host)).toEqual(['Ann', 'Bob', 'Cy']);
    // A seat taken: the table keeps its place in the list.
    tables = listAfter(tables, '+', ['A', listing('A', { free: ['blue'] })]);
    expect(tables.map((t) => [t.roomId, t.free])).toEqual([['A', ['blue']], ['B', ['yellow', 'blue']], ['C', ['yellow', 'blue']]]);
    tables = listAfter(tables, '-', 'B');
    expect(tables.map((t) => t.roomId)).toEqual(['A', 'C']);
    // An update the page cannot read takes the table off rather than showing stale seats.
    tables = listAfter(tables, '+', ['C', { metadata: { host: 'Cy' } }]);
    expect(tables.map((t) => t.roomId)).toEqual(['A']);
    // Anything else changes nothing.
    expect(listAfter(tables, 'rooms', 'nonsense')).toEqual(tables);
    expect(listAfter(tables, 'other', [])).toEqual(tables);
  });
});
