/**
 * The lobby's following of Colyseus' lobby channel (src/server/tables/lobby.ts, followLobby) in the
 * order the channel has it with Redis: a closed table's removal, then a change announced after it
 * (a leave's client count), while a read begun before the removal is still under way.
 */
import { type IRoomCache, LocalPresence } from '@colyseus/core';
import { expect, it } from 'vitest';
import { followLobby } from '../../src/server/tables/lobby';

const listing = (roomId: string, change: Partial<IRoomCache> = {}) => ({ roomId, private: false, unlisted: false, metadata: { host: 'Ann' }, ...change }) as IRoomCache;

/** The lobby channel with reads that answer when the test says: the tables told, as the lobby keeps them. */
async function channel() {
  const presence = new LocalPresence();
  const reads: { code: string; answer: (listing: IRoomCache | undefined) => void }[] = [];
  const tables = new Map<string, IRoomCache>();
  const told: string[] = [];
  await followLobby(
    presence,
    (code) => new Promise((answer) => reads.push({ code, answer })),
    (code, found) => {
      told.push(`${found ? '+' : '-'}${code}`);
      if (found) tables.set(code, found);
      else tables.delete(code);
    },
  );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { reads, tables, told, settle, publish: (message: string) => presence.publish('$lobby', message) };
}

it('keeps a closed table out: a read begun before its removal, answering after it, is not told', async () => {
  const { reads, tables, told, settle, publish } = await channel();
  publish('ABCDEFGHJK,0');
  reads[0].answer(listing('ABCDEFGHJK'));
  await settle();
  expect(tables.has('ABCDEFGHJK')).toBe(true);
  // A change read while the room closes (its listing read before the removal), the removal, then the leave's change.
  publish('ABCDEFGHJK,0');
  publish('ABCDEFGHJK,1');
  expect(tables.has('ABCDEFGHJK')).toBe(false);
  publish('ABCDEFGHJK,0');
  reads[1].answer(listing('ABCDEFGHJK'));
  reads[2].answer(undefined);
  await settle();
  // Never listed again, not even for a moment (each '+' is a lobby message to every page).
  expect(told).toEqual(['+ABCDEFGHJK', '-ABCDEFGHJK', '-ABCDEFGHJK']);
  expect(tables.has('ABCDEFGHJK')).toBe(false);
});

it('tells each change as last read, and a table gone private or unlisted as gone', async () => {
  const { reads, tables, settle, publish } = await channel();
  publish('ABCDEFGHJK,0');
  publish('ABCDEFGHJK,0');
  reads[0].answer(listing('ABCDEFGHJK', { metadata: { host: 'Ann' } }));
  reads[1].answer(listing('ABCDEFGHJK', { metadata: { host: 'Bob' } }));
  await settle();
  expect(tables.get('ABCDEFGHJK')?.metadata).toEqual({ host: 'Bob' });
  publish('ABCDEFGHJK,0');
  reads[2].answer(listing('ABCDEFGHJK', { private: true }));
  await settle();
  expect(tables.has('ABCDEFGHJK')).toBe(false);
});
