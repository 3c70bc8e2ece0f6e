import { describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { createHandle } from '../../src/app/page/handle';
import { createSession } from '../../src/app/session/session';
import { parseRecord } from '../../src/engine/index';

const idle: ComputerPlayer = { think: () => ({ result: new Promise(() => undefined), moveNow: () => undefined, cancel: () => undefined }) };

describe('window.rolit handle', () => {
  it('state(): colour to move, ball counts, moves, over and the record of the round', () => {
    const session = createSession({ computer: idle, levels: ['master'], defaultLevel: 'master' }, { search: 'seats=human,human,human,human&seed=1' });
    const handle = createHandle({ session, renderInfo: () => ({ calls: 9, triangles: 1000 }) });
    const s = session.getState();
    const first = s.snapshot.legalMoves[0];
    s.clickSquare(first);
    const view = handle.state();
    expect(view.moves).toEqual([first]);
    expect(view.toMove).toBe(session.getState().snapshot.state.toMove);
    expect(view.over).toBe(false);
    expect(Object.values(view.scores).reduce((a, b) => a + b!, 0)).toBe(5);
    // The record reads back to the same round.
    expect(parseRecord(view.record).state.board).toEqual(session.getState().snapshot.state.board);
    expect(handle.renderInfo()).toEqual({ calls: 9, triangles: 1000 });
    expect(handle.socketScreenPosition('a1')).toBeNull();
    s.dispose();
  });

  it('is read-only: frozen, and its views are copies', () => {
    const session = createSession({ computer: idle, levels: ['master'], defaultLevel: 'master' }, { search: 'seats=human,human&seed=2' });
    const handle = createHandle({ session });
    expect(Object.isFrozen(handle)).toBe(true);
    const view = handle.state();
    view.moves.push('a1');
    view.scores.red = 99;
    expect(handle.state().moves).toEqual([]);
    expect(handle.state().scores).toEqual({ red: 1, green: 1 }); // two players: yellow and blue are neutral
    session.getState().dispose();
  });
});
