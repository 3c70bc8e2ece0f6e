/** A room's finished rounds: listed from the room's state, fetched from the server, opened in replay while the room goes on. */
import { afterEach, describe, expect, it } from 'vitest';
import { fetchRecord, finishedRounds, openFinishedRound, recordUrl, resultBalls, RoomRecordError } from '../../src/app/online/roomRecords';
import type { RemoteRound } from '../../src/app/session/remoteRound';
import { useOnlineSessions } from './onlineSessions';
import { Game, makeRound, startMatch, toRecord } from '../../src/engine/index';
import { setLanguage } from '../../src/i18n/index';

const onlineSession = useOnlineSessions();
afterEach(() => setLanguage('en'));

/** A fetch that answers every URL with `status` and `body` and remembers what it was asked. */
function fakeFetch(status: number, body = ''): typeof fetch & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(async (url: string | URL | Request) => {
    asked.push(String(url));
    return new Response(body, { status });
  }, { asked }) as typeof fetch & { asked: string[] };
}

/** A finished round of two players (first legal moves to the end), as the server would keep it. */
function finishedRecord(seed: number): { game: Game; text: string } {
  const game = new Game({ size: 4, players: 2, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: false, seed });
  while (!game.state.over) game.play(game.legalMoves()[0]);
  return { game, text: toRecord(game, { Room: 'AbC123xyz', Round: '1', Red: 'Ann', Green: 'Bob' }) };
}

describe('the room’s finished rounds', () => {
  it('lists the room’s records by round with each round’s result, leaving out names of another shape', () => {
    const result = (round: number, red: number, green: number) => ({ round, scores: { green, red }, playerScores: [red, green], winners: [red > green ? 0 : 1], standInMoves: [0, 0], gaveUp: [false, false] });
    const rounds = finishedRounds(['AbC-round2.rolit', 'AbC-round1.rolit', '../etc/passwd', 'AbC-round10.rolit'], [result(1, 3, 13), result(0, 10, 6)]);
    expect(rounds.map((r) => [r.name, r.round])).toEqual([['AbC-round1.rolit', 1], ['AbC-round2.rolit', 2], ['AbC-round10.rolit', 10]]);
    expect(rounds[0].balls).toEqual([['red', 10], ['green', 6]]);
    expect(rounds[1].balls).toEqual([['red', 3], ['green', 13]]);
    // No result known for round 10: the round is listed without one.
    expect(rounds[2].balls).toEqual([]);
    // A round the server saved as it stopped: listed as unfinished, with no result.
    const [saved] = finishedRounds(['AbC-round3-unfinished.rolit', 'AbC-round3-unfinished.txt'], [result(2, 1, 2)]);
    expect(saved).toEqual({ name: 'AbC-round3-unfinished.rolit', round: 3, unfinished: true, balls: [] });
    expect(rounds.every((r) => !r.unfinished)).toBe(true);
    expect(resultBalls(undefined)).toEqual([]);
  });

  it('fetches a record from the server and says why one cannot be had', async () => {
    expect(recordUrl('http://h:2567/', 'a b.rolit')).toBe('http://h:2567/records/a%20b.rolit');
    const ok = fakeFetch(200, 'record text');
    expect(await fetchRecord('http://h:2567', 'AbC-round1.rolit', ok)).toBe('record text');
    expect(ok.asked).toEqual(['http://h:2567/records/AbC-round1.rolit']);
    const codeOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof RoomRecordError ? e.code : String(e)));
    expect(await codeOf(fetchRecord('http://h:2567', 'x-round1.rolit', fakeFetch(404)))).toBe('missing');
    expect(await codeOf(fetchRecord('http://h:2567', 'x-round1.rolit', fakeFetch(500)))).toBe('status');
    expect(await codeOf(fetchRecord('http://h:2567', 'x-round1.rolit', fakeFetch(200, 'x'.repeat(100_001))))).toBe('tooLong');
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await codeOf(fetchRecord('http://h:2567', 'x-round1.rolit', down))).toBe('unreachable');
  });

  it('opens a finished round in replay while the room plays on, and leaving the replay shows the room’s round as it stands', async () => {
    const store = onlineSession('?seats=human,human');
    const match = startMatch({ players: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }], size: 8, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: false, seed: 7 });
    const { game: server, seats } = makeRound(match, 1);
    const sent: string[] = [];
    const mine = server.state.toMove === seats[0].colours[0] ? seats[0].colours : seats[1].colours;
    const round = (): RemoteRound => ({ round: 1, events: [...server.events], seats, results: [], mine, resigned: {}, standInMoves: seats.map(() => 0), gaveUp: seats.map(() => false), help: false, deadline: 0, send: (m) => sent.push(m) });
    store.getState().showRemote(round());

    const finished = finishedRecord(3);
    const opened = await openFinishedRound(store, 'http://h:2567', { name: 'AbC123xyz-round1.rolit', round: 1, unfinished: false, balls: [] }, fakeFetch(200, finished.text));
    expect(opened).toBe(true);
    expect(store.getState().replay).not.toBeNull();
    expect(store.getState().snapshot.state.moves.length).toBe(finished.game.state.moves.length);
    expect(store.getState().replay!.players?.map((p) => p.name)).toEqual(['Ann', 'Bob']);

    // The room goes on meanwhile: the replay stays as it is.
    const move = server.legalMoves()[0];
    server.play(move);
    store.getState().showRemote(round());
    expect(store.getState().replay).not.toBeNull();
    expect(store.getState().snapshot.state.moves.length).toBe(finished.game.state.moves.length);
    // A move tried in the replay stays on the page: nothing goes to the server.
    store.getState().replayGo(0, 0);
    const tried = Game.fromEvents(store.getState().snapshot.events).legalMoves()[0];
    store.getState().clickSquare(tried);
    expect(sent).toEqual([]);
    expect(store.getState().snapshot.state.moves.map((m) => m.squares.join('+'))).toEqual([tried]);

    // Leaving the replay: the room's round with the move played meanwhile.
    store.getState().leaveReplay();
    expect(store.getState().replay).toBeNull();
    expect(store.getState().remote?.round).toBe(1);
    expect(store.getState().snapshot.events).toEqual(server.events);
    expect(store.getState().seats.map((s) => s.name)).toEqual(seats.map((s) => s.name));
  });

  it('says in the page’s language why a round cannot be opened, and the room stays as it was', async () => {
    setLanguage('fr');
    const store = onlineSession('?seats=human,human');
    const before = store.getState().snapshot.record;
    expect(await openFinishedRound(store, 'http://h:2567', { name: 'x-round2.rolit', round: 2, unfinished: false, balls: [] }, fakeFetch(404))).toBe(false);
    expect(store.getState().message).toMatchObject({ kind: 'refusal', text: 'La manche 2 ne peut pas être ouverte : le serveur ne la conserve plus.' });
    expect(store.getState().replay).toBeNull();
    expect(store.getState().snapshot.record).toBe(before);
  });
});
