/** Replays, history and shared records keep who played: names and computer levels. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { createSession } from '../../src/app/session/session';
import { Game, toRecord } from '../../src/engine/index';
import { coloursName } from '../../src/i18n/index';

const idle: ComputerPlayer = { think: () => ({ result: new Promise(() => undefined), moveNow() {}, cancel() {} }) };
const sessions: ReturnType<typeof createSession>[] = [];
function session(search: string) {
  const store = createSession({ computer: idle, levels: ['beginner', 'master'], defaultLevel: 'master', storage: null }, { search });
  sessions.push(store);
  return () => store.getState();
}
afterEach(() => {
  for (const s of sessions.splice(0)) s.getState().dispose();
});

describe('who played, in records and replays', () => {
  it('the record of a live game names the players and the computer level; its replay shows them', () => {
    const s = session('seats=human,master&seed=4');
    const record = s().snapshot.record;
    const seats = s().seats;
    const [you, computer] = seats;
    expect(computer).toMatchObject({ kind: 'computer', level: 'master' });
    const tag = (c: string) => c[0].toUpperCase() + c.slice(1);
    expect(record).toContain(`[${tag(you.colours[0])} "${you.name}"]`);
    expect(record).toContain(`[${tag(computer.colours[0])}Level "master"]`);

    const viewer = session('seats=human,human&seed=9');
    expect(viewer().openRecord(record)).toBeNull();
    expect(viewer().seats.map((seat) => seat.name)).toEqual(seats.map((seat) => seat.name));
    expect(viewer().replay?.players).toEqual(seats.map(({ kind, level, name }) => (kind === 'human' ? { kind, name } : { kind, level, name })));
    // Every seat can be tried in review, and the record written from the replay still names them.
    expect(viewer().seats.every((seat) => seat.kind === 'human')).toBe(true);
    expect(viewer().snapshot.record).toContain(`[${tag(computer.colours[0])}Level "master"]`);
  });

  it('a record without player tags opens with its seats named by colour, or by the history\'s own list', () => {
    const old = toRecord(new Game({ players: 2, seed: 2 }));
    const s = session('seats=human,human&seed=1');
    expect(s().openRecord(old)).toBeNull();
    expect(s().replay?.players).toBeNull();
    expect(s().seats.map((seat) => seat.name)).toEqual(s().snapshot.setup.players.map((colours) => coloursName(colours)));
    expect(s().openRecord(old, { players: [{ kind: 'human', name: 'Ann' }, { kind: 'computer', level: 'beginner', name: 'Beginner 2' }] })).toBeNull();
    expect(s().seats.map((seat) => seat.name)).toEqual(['Ann', 'Beginner 2']);
    expect(s().snapshot.record).toContain('Level "beginner"]');
  });
});
