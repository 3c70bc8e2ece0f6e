/**
 * The room's schema (src/server/room/state.ts) and the wire's RoomSnapshot are one shape: the same
 * fields at every level, each wire value fitting its schema field (the wire narrows strings to
 * colours and codes). Checked by tsc: a field added on one side only fails the type check.
 */
import type { ToJSON } from '@colyseus/schema';
import { expectTypeOf, it } from 'vitest';
import type { RoomState } from '../../src/server/room/state';
import type { RoomSeat, RoomSnapshot } from '../../src/wire/roomSnapshot';
import type { RoomResult } from '../../src/wire/contractCodes';

type Plain = ToJSON<RoomState>;

it('has the wire’s fields, no more and no fewer, at every level', () => {
  expectTypeOf<keyof Plain>().toEqualTypeOf<keyof RoomSnapshot>();
  expectTypeOf<keyof Plain['seats'][number]>().toEqualTypeOf<keyof RoomSeat>();
  expectTypeOf<keyof Plain['results'][number]>().toEqualTypeOf<keyof RoomResult>();
  expectTypeOf<RoomSnapshot>().toExtend<Plain>();
});
