/**
 * The server stopping, as the page's room connection and session see it: the `closing` notice
 * with its seconds, the round saved unfinished and listed in the room, the room closed as
 * `closed` (not a lost connection to retry), and the saved round played on here, out of the room.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOnlineRoom } from '../../src/app/online/onlineRoom';
import { linkOnline } from '../../src/app/online/onlineLink';
import { onlineTexts } from '../../src/app/online/onlineTexts';
import { continueUnfinishedRound, finishedRounds } from '../../src/app/online/roomRecords';
import { Game } from '../../src/engine/index';
import { setLanguage } from '../../src/i18n/index';
import { startTestServer, type TestServer } from '../server/helpers';
import { useOnlineSessions } from './onlineSessions';
import { until } from './storeUntil';

const onlineSession = useOnlineSessions();
let server: TestServer;
// Long enough a notice for the page to fetch the saved round before the room closes.
beforeAll(async () => {
  server = await startTestServer({ closingSeconds: 3 });
});
afterAll(async () => {
  setLanguage('en');
  await server.close();
});


it('shows the notice, lists the round saved unfinished, calls the closed room closed, and plays the round on here', async () => {
  const host = createOnlineRoom({ endpoint: server.endpoint, tabStorage: null });
  await host.getState().create({ name: 'Ann', colour: 'red', size: 6, variant: 'standard', misere: false, timeLimit: 0, standIn: 'beginner', help: false, colours: ['red', 'green'] });
  const guest = createOnlineRoom({ endpoint: server.endpoint, tabStorage: null });
  await guest.getState().open(host.getState().roomId!, 'Bob');
  await guest.getState().takeSeat('green', 'Bob');
  await until(host, (s) => s.room?.seats[1]?.name === 'Bob', 'Bob seated');
  host.getState().send('start');
  await until(host, (s) => s.room?.phase === 'playing' && s.room.toMove !== '', 'the round');
  for (let n = 0; n < 2; n++) {
    const mover = host.getState().room!.toMove === 'red' ? host : guest;
    await until(mover, (s) => s.log !== null && Game.fromEvents(s.log.events).state.moves.length === n, `move ${n + 1} known`);
    mover.getState().send('play', { move: Game.fromEvents(mover.getState().log!.events).legalMoves()[0] });
    await until(host, (s) => s.room?.moves.length === n + 1, `move ${n + 1} played`);
  }
  const session = onlineSession('?seats=human,human');
  const unlink = linkOnline(host, session);
  expect(session.getState().remote).not.toBeNull();

  const asked = Date.now();
  const stopped = server.stop();
  await until(host, (s) => s.closing !== null, 'the notice');
  // The deadline is the notice's seconds from when it came.
  expect(host.getState().closing!.deadline - asked).toBeGreaterThan(2000);
  expect(host.getState().closing!.deadline - Date.now()).toBeLessThanOrEqual(3000);
  expect(host.getState().status).toBe('open');
  await until(host, (s) => finishedRounds(s.room!.records, []).some((r) => r.unfinished), 'the saved round listed');
  const [saved] = finishedRounds(host.getState().room!.records, host.getState().room!.results);
  expect(saved).toMatchObject({ round: 1, unfinished: true, balls: [] });
  const played = [...host.getState().room!.moves];

  // The host plays on here during the notice (the server still answers): out of the room, the round at its last move.
  expect(await continueUnfinishedRound(session, server.endpoint, saved, () => host.getState().leave())).toBe(true);
  expect(host.getState().status).toBe('idle');
  expect(session.getState().remote).toBeNull();
  expect(session.getState().replay).not.toBeNull();
  expect(session.getState().snapshot.state.moves.map((m) => m.squares.join('+'))).toEqual(played);
  const next = Game.fromEvents(session.getState().snapshot.events).legalMoves()[0];
  session.getState().clickSquare(next);
  expect(session.getState().snapshot.state.moves.map((m) => m.squares.join('+'))).toEqual([...played, next]);
  // The guest's room closes when the notice is over: closed, not lost, and said so in every language.
  await until(guest, (s) => s.status === 'failed', 'the room closed', 10_000);
  expect(guest.getState().failure?.kind).toBe('closed');
  for (const language of ['en', 'fr', 'de', 'nl', 'it'] as const) {
    setLanguage(language);
    expect(onlineTexts.failure(guest.getState().failure!, server.endpoint)).not.toBe(onlineTexts.failure({ kind: 'lost', code: null }, server.endpoint));
  }
  setLanguage('en');

  unlink();
  await stopped;
}, 30_000);
