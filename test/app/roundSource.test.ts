/**
 * Where a round comes from (src/app/session/roundSource.ts, src/app/session/remoteSource.ts): the
 * page's own match, a replay, and an online room's round, each on its own and as the session's
 * current source (a replay opened over an online round, the room's round back after it).
 */
import { describe, expect, it, vi } from 'vitest';
import { type RemoteRound } from '../../src/app/session/remoteRound';
import { RemoteSource } from '../../src/app/session/remoteSource';
import { localRound, replayRound } from '../../src/app/session/roundSource';
import { MatchFlow } from '../../src/flow/matchFlow';
import { wallClock } from '../../src/flow/turnFlow';
import { Game, makeRound, type Match, RuleError, type Seat, startMatch, toRecord } from '../../src/engine/index';
import { useOnlineSessions } from './onlineSessions';

const onlineSession = useOnlineSessions();

function twoPeople(moveTimeLimit = 0, misere = false) {
  return startMatch({ players: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }], size: 8, variant: 'standard', misere, moveTimeLimit, takeBacks: false, seed: 7 });
}

/** A "server" round of Ann and Bob (its Game is the server's), and what the page sent. */
function server(moveTimeLimit = 0) {
  const { game, seats } = makeRound(twoPeople(moveTimeLimit), 0);
  const sent: string[] = [];
  const mover = seats.find((s) => s.colours.includes(game.state.toMove!))!;
  const round = (mine: Seat['colours'] = mover.colours, deadline = 0): RemoteRound => ({ round: 0, events: [...game.events], seats, results: [], mine, resigned: {}, standInMoves: seats.map(() => 0), gaveUp: seats.map(() => false), help: false, deadline, send: (m) => sent.push(m) });
  return { game, seats, sent, mover, round };
}

describe('the page’s own match and a replay', () => {
  /** A match flow as the page's: every person here (no computer is asked), at `game`, a round of `match`. */
  function pageFlow(match: Match, game: Game): MatchFlow {
    const { players, ...rules } = match;
    const flow = new MatchFlow(rules, players.map((p) => ({ kind: p.kind, level: '', name: p.name })), {
      clock: wallClock,
      askComputer: () => Promise.resolve(null),
      computerDelayMs: 0,
      graceMs: 0,
      event: () => undefined,
      fault: () => undefined,
    });
    players.forEach((p, player) => flow.sit(player, p.name));
    flow.resume(match, 0, [], game);
    return flow;
  }

  it('play every colour here on their match flow, show its seating, and count the standings by their match', () => {
    const match = twoPeople(0, true);
    const { game, seats } = makeRound(match, 0);
    const kept: number[] = [];
    const local = localRound(pageFlow(match, game), (snapshot) => kept.push(snapshot.state.moves.length));
    expect(local.notYours(game.state.toMove)).toBeNull();
    expect(local.game).toBe(game);
    expect(local.play(game.legalMoves()[0])).toBe(true);
    expect(game.state.moves).toHaveLength(1);
    expect(local.awaitingMove()).toBe(false);
    expect(() => local.play('a1')).toThrow(RuleError);
    expect(local.seating()).toEqual({ players: match.players, seats, round: 0, results: [], ownColours: null, resignedSeats: null, standInMoves: null, gaveUp: null, turnsHere: true, nextRoundBy: 'here' });
    expect(local.standingsRules()).toEqual({ players: 2, misere: true });
    expect(local.nextRoundRefusal()).toBeNull();
    const replay = replayRound(pageFlow(match, makeRound(match, 0).game), () => undefined, () => 'no next round in a replay');
    expect(replay.nextRoundRefusal()).toBe('no next round in a replay');
    // A game put on the table (a replay's jump) gets a turn flow of its own, and is the one played on; the last flow stops.
    const last = replay.flow.turns!;
    replay.flow.putGame(Game.fromEvents(game.events));
    expect(replay.flow.turns).not.toBe(last);
    expect(last.play(last.turn()!.player, last.game.legalMoves()[0])).toMatchObject({ code: 'notYourTurn' });
    expect(replay.play(replay.game.legalMoves()[0])).toBe(true);
    expect(replay.game.state.moves).toHaveLength(2);
  });
});

describe('an online room’s round', () => {
  it('refuses a move the engine refuses without sending it; sends a legal one and awaits its events', () => {
    const { game, sent, round } = server();
    const remote = new RemoteSource(round());
    expect(remote.flow).toBeNull();
    const occupied = Object.keys(game.state.board)[0];
    expect(() => remote.play(occupied)).toThrow(expect.objectContaining({ code: 'occupied' }));
    expect(() => remote.play('a1')).toThrow(expect.objectContaining({ code: 'touchesNoBall' }));
    expect(sent).toEqual([]);
    const move = game.legalMoves()[0];
    expect(remote.play(move)).toBe(false);
    expect(sent).toEqual([move]);
    expect(remote.awaitingMove()).toBe(true);
    // The page's Game is not the server's and does not change until its events come.
    expect(remote.game).not.toBe(game);
    expect(remote.game.state.moves).toHaveLength(0);
    game.play(move);
    expect(remote.update(round())).toBe(false);
    expect(remote.awaitingMove()).toBe(false);
    expect(remote.game.state.moves).toHaveLength(1);
  });

  it('after the server refuses the move sent, the turn is playable again', () => {
    const { game, round } = server();
    const remote = new RemoteSource(round());
    remote.play(game.legalMoves()[0]);
    remote.refused();
    expect(remote.awaitingMove()).toBe(false);
  });

  it('plays only this page’s colours: another’s turn and a spectator are told why', () => {
    const { game, seats, mover, round } = server();
    const other = seats.find((s) => s !== mover)!;
    expect(new RemoteSource(round()).notYours(game.state.toMove)).toBeNull();
    expect(new RemoteSource(round(other.colours)).notYours(game.state.toMove)).toMatch(/\S/);
    expect(new RemoteSource(round([])).notYours(game.state.toMove)).toMatch(/\S/);
    expect(new RemoteSource(round([])).notYours(game.state.toMove)).not.toBe(new RemoteSource(round(other.colours)).notYours(game.state.toMove));
  });

  it('shows the server’s deadline for the move to play, jumps to a round joined under way, and counts the room’s seats', () => {
    const { game, round } = server(4);
    const remote = new RemoteSource(round(undefined, 123_456));
    expect(remote.clock()).toEqual({ colour: game.state.toMove, moveNumber: 1, deadline: 123_456 });
    expect(remote.underWay()).toBe(false);
    expect(remote.nextRoundRefusal()).toMatch(/\S/);
    expect(remote.standingsRules()).toEqual({ players: 2, misere: false });
    game.play(game.legalMoves()[0]);
    expect(new RemoteSource(round()).underWay()).toBe(true);
    // A new round (a rematch) is a new log: shown at once once it has had a move.
    const rematch = { ...round(), round: 1 };
    expect(remote.update(rematch)).toBe(true);
    expect(remote.clock()).toBeNull();
  });
});

describe('the session’s current source', () => {
  it('keeps the room’s round while a replay is open over it, runs the replay at the page, and shows the room’s latest round on leaving it', () => {
    const { game, sent, round } = server();
    const store = onlineSession();
    /** The facts the view reads of the round on the table, rather than asking which source it is. */
    const facts = () => {
      const { turnsHere, nextRoundBy, standInMoves } = store.getState();
      return { turnsHere, nextRoundBy, standInMoves };
    };
    expect(facts()).toEqual({ turnsHere: true, nextRoundBy: 'here', standInMoves: null });
    store.getState().showRemote({ ...round(), standInMoves: [0, 3] });
    // In the room's round the page plays its seat's colours only; the server runs its turns, its host deals the next round.
    expect(store.getState().ownColours).toEqual(round().mine);
    expect(facts()).toEqual({ turnsHere: false, nextRoundBy: 'host', standInMoves: [0, 3] });
    const record = toRecord(game);
    expect(store.getState().openRecord(record)).toBeNull();
    expect(store.getState().ownColours).toBeNull();
    // A replay runs here, and has no next round.
    expect(facts()).toEqual({ turnsHere: true, nextRoundBy: null, standInMoves: null });
    // In the replay every seat is the page's: a move is played here, not sent.
    store.getState().clickSquare(store.getState().snapshot.legalMoves[0]);
    expect(store.getState().snapshot.state.moves).toHaveLength(1);
    expect(sent).toEqual([]);
    // The room plays on meanwhile: the replay stays on the table.
    game.play(game.legalMoves()[0]);
    game.play(game.legalMoves()[0]);
    store.getState().showRemote(round());
    expect(store.getState().replay).not.toBeNull();
    const jumps = store.getState().jumps;
    store.getState().leaveReplay();
    expect(store.getState().replay).toBeNull();
    expect(store.getState().snapshot.events).toEqual(game.events);
    expect(store.getState().jumps).toBe(jumps + 1);
    expect(store.getState().remote).not.toBeNull();
    expect(store.getState().ownColours).toEqual(round().mine);
    expect(facts()).toEqual({ turnsHere: false, nextRoundBy: 'host', standInMoves: [0, 0] });
    store.getState().showRemote(null);
    expect(facts()).toEqual({ turnsHere: true, nextRoundBy: 'here', standInMoves: null });
  });

  it('leaving the room with a replay open closes the replay and puts the page’s own round back as it stood', () => {
    const { game, round } = server();
    const store = onlineSession();
    const localRecord = store.getState().snapshot.record;
    store.getState().showRemote(round());
    store.getState().openRecord(toRecord(game));
    store.getState().showRemote(null);
    expect(store.getState().replay).toBeNull();
    expect(store.getState().remote).toBeNull();
    expect(store.getState().ownColours).toBeNull();
    expect(store.getState().snapshot.record).toBe(localRecord);
  });

  it('a replay of a timed round runs no clock: its position waits as long as wanted', async () => {
    vi.useFakeTimers();
    try {
      const store = onlineSession();
      store.getState().newGame({ players: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }], size: 8, variant: 'standard', misere: false, moveTimeLimit: 2, takeBacks: false, seed: 7 });
      // The page's own timed round runs its clock.
      expect(store.getState().clock).not.toBeNull();
      const { game } = makeRound(twoPeople(2), 0);
      game.play(game.legalMoves()[0]);
      expect(store.getState().openRecord(toRecord(game), { ply: 0 })).toBeNull();
      expect(store.getState().clock).toBeNull();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(store.getState().snapshot.state.moves).toHaveLength(0);
      // Back to the page's own round: its clock runs again.
      store.getState().leaveReplay();
      expect(store.getState().clock).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a next round is the page’s own match’s only', () => {
    const { game, round } = server();
    const store = onlineSession();
    while (!game.state.over) game.play(game.legalMoves()[0]);
    store.getState().showRemote(round());
    store.getState().nextRound();
    expect(store.getState().message).toMatchObject({ kind: 'refusal' });
    expect(store.getState().round).toBe(0);
    expect(store.getState().snapshot.over).toBe(true);
  });
});
