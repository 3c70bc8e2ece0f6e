import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { linkOnline, resignedSeats, roomResults, seatName, sessionSeatsOfRoom } from '../../src/app/online/onlineLink';
import type { OnlineState } from '../../src/app/online/onlineRoom';
import type { RoomSeat, RoomSnapshot } from '../../src/wire/roomSnapshot';
import { mergeEvents, turnTitle } from '../../src/app/online/remoteRound';
import { type RemoteRound, yourTurnShown } from '../../src/app/session/remoteRound';
import { useOnlineSessions } from './onlineSessions';
import { Game, makeRound, playerInSeat, type Seat, startMatch } from '../../src/engine/index';

const onlineSession = useOnlineSessions();

/** A room of 8x8 standard rules in play, as its server publishes it. */
function roomOf(round: number, seats: RoomSeat[], more: Partial<RoomSnapshot> = {}): RoomSnapshot {
  return {
    phase: 'playing', round, seats, toMove: '', legal: [], moves: [], moveDeadline: 0, results: [], nextRoundAt: 0, spectators: 0, host: 'red',
    size: 8, variant: 'standard', misere: false, timeLimit: 0, help: false, seed: 1, throws: [], records: [], ...more,
  };
}

/** A person's seat, here and playing it (match player `player`). */
function personSeat(colours: Seat['colours'], name: string, player: number): RoomSeat {
  return { colour: colours[0], colours, player, name, kind: 'human', level: 'beginner', holder: 'person', reason: 'seated', dropDeadline: 0, standInMoves: 0, standInLeft: 16, gaveUp: false, connected: true, bot: false, standIn: false, resigned: false, score: 0 };
}

/** A local session (two people at one page), and a "server" round of Ann and Bob. */
function setup(moveTimeLimit = 0) {
  const store = onlineSession('?seats=human,human');
  const match = startMatch({ players: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }], size: 8, variant: 'standard', misere: false, moveTimeLimit, takeBacks: false, seed: 7 });
  const { game: server, seats } = makeRound(match, 0);
  const sent: string[] = [];
  const round = (mine: Seat['colours']): RemoteRound => ({ round: 0, events: [...server.events], seats, results: [], mine, resigned: {}, standInMoves: seats.map(() => 0), gaveUp: seats.map(() => false), help: false, deadline: 0, send: (m) => sent.push(m) });
  return { store, server, seats, sent, round };
}

describe('a round from a game server', () => {
  it('shows the server log, sends the page’s moves and never plays them itself', () => {
    const { store, server, seats, sent, round } = setup();
    const localRecord = store.getState().snapshot.record;
    const mine = server.state.toMove === seats[0].colours[0] ? seats[0].colours : seats[1].colours;
    store.getState().showRemote(round(mine));
    expect(store.getState().snapshot.events).toEqual(server.events);
    const move = server.legalMoves()[0];
    store.getState().clickSquare(move);
    expect(sent).toEqual([move]);
    // Nothing changes until the server's events come back.
    expect(store.getState().snapshot.state.moves).toHaveLength(0);
    store.getState().clickSquare(server.legalMoves()[1]);
    expect(sent).toHaveLength(1);
    server.play(move);
    store.getState().showRemote(round(mine));
    expect(store.getState().snapshot.state.moves.map((m) => m.squares.join('+'))).toEqual([move]);
    // The other player's turn: a click is refused with a reason and sends nothing.
    store.getState().clickSquare(server.legalMoves()[0]);
    expect(sent).toHaveLength(1);
    expect(store.getState().message?.kind).toBe('refusal');
    // Back to local play: the local game as it was.
    store.getState().showRemote(null);
    expect(store.getState().remote).toBeNull();
    expect(store.getState().snapshot.record).toBe(localRecord);
  });

  it('refuses an occupied socket and one that touches no ball at once, sends neither, and plays the next legal click', () => {
    const { store, server, seats, sent, round } = setup();
    const mine = server.state.toMove === seats[0].colours[0] ? seats[0].colours : seats[1].colours;
    store.getState().showRemote(round(mine));
    const occupiedSquare = Object.keys(server.state.board)[0];
    store.getState().clickSquare(occupiedSquare);
    expect(store.getState().message).toMatchObject({ kind: 'refusal', text: `${occupiedSquare} is occupied` });
    store.getState().clickSquare('a1');
    expect(store.getState().message).toMatchObject({ kind: 'refusal', text: 'a1 touches no ball' });
    expect(sent).toEqual([]);
    expect(store.getState().legalSquares).not.toEqual([]);
    const move = server.legalMoves()[0];
    store.getState().clickSquare(move);
    expect(sent).toEqual([move]);
  });

  it('makes the turn playable again when the server refuses the move sent', () => {
    const { store, server, seats, sent, round } = setup();
    const mine = server.state.toMove === seats[0].colours[0] ? seats[0].colours : seats[1].colours;
    store.getState().showRemote(round(mine));
    const [first, second] = server.legalMoves();
    store.getState().clickSquare(first);
    // While the move is on its way, the hints are gone and a second click sends nothing.
    expect(store.getState().legalSquares).toEqual([]);
    store.getState().clickSquare(second);
    expect(sent).toEqual([first]);
    store.getState().remoteRefused('The server refused this move.');
    expect(store.getState().message).toMatchObject({ kind: 'refusal', text: 'The server refused this move.' });
    expect(store.getState().legalSquares).not.toEqual([]);
    store.getState().clickSquare(second);
    expect(sent).toEqual([first, second]);
  });

  it('counts the standings by the room’s seats and rules, not by the local match waiting meanwhile', () => {
    const store = onlineSession('?seats=human,human,human,human');
    expect(store.getState().standings.standings).toHaveLength(4);
    // A misère room of two on 4x4, played to its end.
    const match = startMatch({ players: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }], size: 4, variant: 'standard', misere: true, moveTimeLimit: 0, takeBacks: false, seed: 5 });
    const { game: server, seats } = makeRound(match, 0);
    while (!server.state.over) server.play(server.legalMoves()[0]);
    store.getState().showRemote({ round: 0, events: [...server.events], seats, results: [], mine: [], resigned: {}, standInMoves: seats.map(() => 0), gaveUp: seats.map(() => false), help: false, deadline: 0, send: () => undefined });
    const { standings, leaders } = store.getState().standings;
    expect(standings).toHaveLength(2);
    const balls = server.state.result!.playerScores;
    expect(balls[0]).not.toBe(balls[1]);
    // Fewest balls leads in misère.
    expect(leaders).toEqual([balls[0] < balls[1] ? 0 : 1]);
    expect(standings.map((s) => s.balls).sort()).toEqual([...balls].sort());
    // Back to local play: the local match's four again.
    store.getState().showRemote(null);
    expect(store.getState().standings.standings).toHaveLength(4);
  });

  it('counts the match’s earlier rounds from the room’s results, players in match order as seats rotate', () => {
    const { store } = setup();
    // Round 2 of a room: Ann played red in round 1 and won 10 to 6; now Bob has red, Ann green.
    const match = startMatch({ players: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }], size: 8, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: false, seed: 9 });
    const { game, seats } = makeRound(match, 1);
    expect(seats.map((s) => s.name)).toEqual(['Bob', 'Ann']);
    const view = roomOf(1, seats.map((s) => personSeat(s.colours, s.name, s.player)), {
      results: [{ round: 0, scores: { red: 10, green: 6 }, playerScores: [10, 6], winners: [0], standInMoves: [0, 0], gaveUp: [false, false] }],
    });
    expect(roomResults(view)).toEqual([{ scores: { red: 10, green: 6 }, playerScores: [10, 6], winners: [0] }]);
    // A room without every earlier round's result (TV keeps its last rounds): no standings rather than shifted ones.
    expect(roomResults({ ...view, round: 2 })).toEqual([]);
    expect(roomResults({ ...view, results: [] })).toEqual([]);
    const online = createStore<OnlineState>()(() => ({ status: 'open', roomId: 'abc', room: view, you: { colour: 'green', host: false }, log: { round: 1, events: [...game.events] }, failure: null, refusal: null, emote: null }) as unknown as OnlineState);
    const unlink = linkOnline(online, store);
    const state = store.getState();
    expect(state.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
    expect(state.seats.map((s) => [s.name, s.player])).toEqual([['Bob', 1], ['Ann', 0]]);
    expect(state.standings.roundsPlayed).toBe(1);
    expect(state.standings.standings.map((s) => [state.players[s.player].name, s.roundsWon, s.balls])).toEqual([['Ann', 1, 10], ['Bob', 0, 6]]);
    unlink();
  });

  it('keeps a computer’s name as the seats rotate between rounds', () => {
    const view = (round: number): RoomSnapshot =>
      roomOf(
        round,
        (['red', 'yellow', 'green'] as const).map((colour, seat) => {
          // Ann is the match's player 0, the tacticians players 1 and 2: this round's seat holds player playerInSeat(seat, round).
          const player = playerInSeat(seat, round, 3);
          return player === 0 ? { ...personSeat([colour], 'Ann', 0), level: 'tactician' } : { ...personSeat([colour], 'computer (tactician)', player), kind: 'computer', level: 'tactician', holder: 'computer', reason: 'computerSeat' };
        }),
      );
    const names = (round: number) => {
      const v = view(round);
      return Object.fromEntries(v.seats.map((_, seat) => [playerInSeat(seat, round, 3), seatName(v, seat)]));
    };
    expect(names(0)).toEqual({ 0: 'Ann', 1: 'Tactician 2', 2: 'Tactician 3' });
    expect(names(1)).toEqual(names(0));
    expect(names(2)).toEqual(names(0));
    expect(sessionSeatsOfRoom(view(1)).map((s) => s.name)).toEqual(view(1).seats.map((_, seat) => names(0)[playerInSeat(seat, 1, 3)]));
    // A person who resigned: their seat's colour with the level of the computer playing on (the seats panel says so).
    expect(resignedSeats(view(0))).toEqual({});
    const resigned = view(0);
    resigned.seats[0] = { ...resigned.seats[0], holder: 'computer', reason: 'resigned', resigned: true, standIn: true };
    expect(resignedSeats(resigned)).toEqual({ red: 'tactician' });
    // A person playing through the bot API is said to be a bot in the seats panel.
    const bot = view(0);
    bot.seats[0] = { ...bot.seats[0], bot: true };
    expect(sessionSeatsOfRoom(bot)[0].name).toBe('Ann (bot)');
  });

  it('says a move the server’s clock played, in the words of a round played here, and not for a round joined after it', () => {
    const { store, server, seats, round } = setup(10);
    store.getState().showRemote(round([]));
    const mover = server.state.toMove!;
    const events = server.expireClock();
    const placed = events.flatMap((e) => (e.type === 'ballPlaced' ? [e.square] : []));
    store.getState().showRemote(round([]));
    expect(store.getState().message).toMatchObject({ kind: 'notice', text: `${mover[0].toUpperCase()}${mover.slice(1)}'s time ran out: ${placed.join('+')} was played (the move that rolls the most balls).` });
    // Back in the room later (a reload): its round is shown as it stands, the time-out untold.
    store.getState().showRemote(null);
    store.getState().showRemote(round(seats[0].colours));
    expect(store.getState().message).toBeNull();
  });

  it('lets a spectator watch and act on nothing', () => {
    const { store, server, sent, round } = setup();
    store.getState().showRemote(round([]));
    store.getState().clickSquare(server.legalMoves()[0]);
    expect(sent).toEqual([]);
    expect(store.getState().legalSquares).toEqual([]);
  });

  it('merges events messages into the round’s log and starts a new log on a new round', () => {
    const game = new Game({ size: 8, players: 2, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: false, seed: 3 });
    let log = mergeEvents(null, { round: 0, from: 0, events: [...game.events] });
    const before = game.events.length;
    const events = game.play(game.legalMoves()[0]);
    log = mergeEvents(log, { round: 0, from: before, events });
    expect(log.events).toEqual(game.events);
    expect(Game.fromEvents(log.events).state.moves).toHaveLength(1);
    expect(mergeEvents(log, { round: 1, from: 0, events: [] }).events).toEqual([]);
    expect(() => mergeEvents(null, { round: 0, from: 5, events })).toThrow(/only 0 known/);
  });
});

describe('the online room linked to the session', () => {
  it('shows the room’s round once it plays, keeps the last round until a rematch’s events come, and gives the local game back', () => {
    const { store, server, seats } = setup();
    const view = (round: number, phase: RoomSnapshot['phase']) => roomOf(round, seats.map((s) => personSeat(s.colours, s.name, s.player)), { phase, host: seats[0].colours[0] });
    const online = createStore<OnlineState>()(() => ({ status: 'open', roomId: 'abc', room: view(0, 'waiting'), you: { colour: seats[0].colours[0], host: true }, log: null, failure: null, refusal: null, emote: null }) as unknown as OnlineState);
    const unlink = linkOnline(online, store);
    expect(store.getState().remote).toBeNull();
    online.setState({ room: view(0, 'playing'), log: { round: 0, events: [...server.events] } });
    expect(store.getState().remote?.round).toBe(0);
    expect(store.getState().remote?.mine).toEqual(seats[0].colours);
    online.setState({ room: view(1, 'playing') });
    expect(store.getState().remote?.round).toBe(0);
    const next = makeRound(startMatch({ players: seats, size: 8, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: false, seed: 8 }), 1).game;
    online.setState({ log: { round: 1, events: [...next.events] } });
    expect(store.getState().remote?.round).toBe(1);
    expect(store.getState().snapshot.events).toEqual(next.events);
    online.setState({ room: null, log: null });
    expect(store.getState().remote).toBeNull();
    unlink();
  });
});

describe('your turn, online', () => {
  const shown = (toMove: 'red' | 'green' | null, over = false) => ({ toMove, over });
  it('is the board showing one of this page’s own colours to move, before the end', () => {
    expect(yourTurnShown({ ownColours: ['green'], shown: shown('green') })).toBe(true);
    expect(yourTurnShown({ ownColours: ['green'], shown: shown('red') })).toBe(false);
    expect(yourTurnShown({ ownColours: [], shown: shown('red') })).toBe(false); // a spectator
    expect(yourTurnShown({ ownColours: ['green'], shown: shown(null) })).toBe(false); // the start throw
    expect(yourTurnShown({ ownColours: ['green'], shown: shown('green', true) })).toBe(false);
    expect(yourTurnShown({ ownColours: null, shown: shown('green') })).toBe(false); // every colour played here: local play, a replay
  });
  it('puts the words before the page’s title while it is your turn', () => {
    expect(turnTitle('Rolit 3D', true, 'Your turn')).toBe('Your turn · Rolit 3D');
    expect(turnTitle('Rolit 3D', false, 'Your turn')).toBe('Rolit 3D');
  });
});
