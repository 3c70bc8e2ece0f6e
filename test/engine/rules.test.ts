import { describe, expect, it } from 'vitest';
import {
  colourIndex, EMPTY, Game, matchStandings, parseSquare, perft, Position, RuleError, roundResult,
  roundSetup, setupProblem, squareName, type Colour,
} from '../../src/engine';

/** A position from a picture: rows top to bottom, R/Y/G/B or '.'. */
function positionFrom(rows: string[], toMove: Colour, colours: Colour[] = ['red', 'yellow', 'green', 'blue'], pro = false): Position {
  const size = rows.length as 8 | 6 | 4;
  const cells = new Int8Array(64).fill(EMPTY);
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    const i = 'RYGB'.indexOf(ch);
    if (i >= 0) cells[parseSquare(size, String.fromCharCode(97 + c) + (r + 1))] = i;
  }));
  const p = new Position();
  p.load(size, colours.map(colourIndex), cells, colourIndex(toMove), pro);
  return p;
}

function rolls(p: Position, square: string): string[] {
  const out = new Int32Array(64);
  const n = p.rolls(parseSquare(p.size, square), out);
  return Array.from(out.subarray(0, n), (sq) => squareName(p.size, sq));
}

describe('start position', () => {
  it.each([
    [8, ['d4', 'e4', 'e5', 'd5']],
    [6, ['c3', 'd3', 'd4', 'c4']],
    [4, ['b2', 'c2', 'c3', 'b3']],
  ] as const)('size %i has the four start balls clockwise from top-left', (size, squares) => {
    const game = new Game({ size, players: 2, first: 'red' });
    expect(game.state.board).toEqual({ [squares[0]]: 'red', [squares[1]]: 'yellow', [squares[2]]: 'green', [squares[3]]: 'blue' });
  });

  it('uses the same four balls for every player count', () => {
    for (const players of [1, 2, 3, 4]) {
      expect(Object.keys(new Game({ players, first: 'red' }).state.board)).toHaveLength(4);
    }
  });
});

describe('worked example (docs/rules.md)', () => {
  it('red has exactly f4, d6 and f6, capturing e4, d5 and e5', () => {
    const game = new Game({ first: 'red' });
    expect(game.legalMoves()).toEqual(['f4', 'd6', 'f6']);
    expect(game.check('f4')).toMatchObject({ ok: true, rolls: ['e4'] });
    expect(game.check('f6')).toMatchObject({ ok: true, rolls: ['e5'] });
    expect(game.check('d6')).toMatchObject({ ok: true, rolls: ['d5'] });
  });

  it('after red f4 yellow has no ball and may play any empty socket touching a ball', () => {
    const game = new Game({ first: 'red' });
    game.play('f4');
    expect(game.state.toMove).toBe('yellow');
    expect(Object.values(game.state.board)).not.toContain('yellow');
    const legal = game.legalMoves();
    // Every empty neighbour of d4, e4, f4, d5, e5: rows 3-6, columns c-g, minus the balls.
    expect(legal).toEqual(['c3', 'd3', 'e3', 'f3', 'g3', 'c4', 'g4', 'c5', 'f5', 'g5', 'c6', 'd6', 'e6', 'f6']);
  });
});

describe('captures', () => {
  it('captures through the new ball only, ignoring other enclosures it creates', () => {
    const p = positionFrom([
      'R.......',
      '.Y......',
      '..G.....',
      '........',
      '........',
      '........',
      '........',
      '........',
    ], 'red');
    // Red at d4 closes a1-b2-c3-d4: yellow and green are captured.
    expect(rolls(p, 'd4')).toEqual(['c3', 'b2']);
    // Red at c1 captures b1. b1 turns red and then encloses b2 between b1 and b3, but that line
    // does not run through c1: no chain reaction.
    const q = positionFrom([
      'RY......',
      '.G......',
      '.R......',
      '........',
      '........',
      '........',
      '........',
      '........',
    ], 'red');
    expect(rolls(q, 'c1')).toEqual(['b1']);
    q.make(parseSquare(8, 'c1'));
    expect(q.cells[parseSquare(8, 'b2')]).toBe(colourIndex('green'));
  });

  it('enclosures not on a line through the new ball are ignored', () => {
    const p = positionFrom([
      'R.......',
      'Y.......',
      '.R......',
      '........',
      '........',
      '........',
      '........',
      '........',
    ], 'red');
    // Red at a3 rolls a2 (a1-a2-a3, a line through a3).
    expect(rolls(p, 'a3')).toEqual(['a2']);
    // Red at b1 makes a1-b1 and b1-b2? No line from b1 runs over a2 to a red ball: nothing rolls.
    expect(rolls(p, 'b1')).toEqual([]);
  });

  it('a run broken by an empty socket or not ended by the mover captures nothing', () => {
    const p = positionFrom([
      'R.YG....',
      '........',
      '........',
      '........',
      '........',
      '........',
      '........',
      '........',
    ], 'red');
    expect(rolls(p, 'e1')).toEqual([]);
    expect(rolls(p, 'b1')).toEqual([]);
  });

  it('rolls each line outward from the new ball, directions clockwise from north', () => {
    const p = positionFrom([
      '....R...',
      '....Y...',
      '....G...',
      'R.......',
      '.B..Y..R',
      '........',
      '........',
      '........',
    ], 'red');
    // From e4: north e3 (G), e2 (Y) ended by e1 (R) is captured, nearest first; south e5 (Y) is not
    // ended by red; west d4 is empty, so a4 is not reached.
    expect(rolls(p, 'e4')).toEqual(['e3', 'e2']);
  });

  it('captures all eight directions', () => {
    const rows = [
      'R..R..R.',
      '.G.Y.B..',
      '..BYG...',
      'RYB.GYR.',
      '..GBY...',
      '.Y.G.B..',
      'R..R..R.',
      '........',
    ];
    const p = positionFrom(rows, 'red');
    expect(rolls(p, 'd4')).toEqual(['d3', 'd2', 'e3', 'f2', 'e4', 'f4', 'e5', 'f6', 'd5', 'd6', 'c5', 'b6', 'c4', 'b4', 'c3', 'b2']);
  });

  it('the obligation to capture: a non-capturing socket is refused with the capturing ones', () => {
    const game = new Game({ first: 'red' });
    expect(game.check('c3')).toMatchObject({ ok: false, reason: 'you must capture: f4, d6 and f6 capture', refusal: { code: 'mustCapture', params: { squares: ['f4', 'd6', 'f6'] } } });
    expect(() => game.play('c3')).toThrow(RuleError);
  });

  it('neutral colours can be captured by anyone and never move', () => {
    const game = new Game({ players: 3, first: 'green' });
    expect(game.setup.colours).toEqual(['red', 'yellow', 'green']);
    // Green captures the neutral blue ball.
    expect(game.check('c5')).toMatchObject({ ok: true, rolls: ['d5'] });
    game.play('c5');
    expect(game.state.toMove).toBe('red'); // blue is skipped: green -> red (clockwise, only colours in play)
  });
});

describe('illegal attempts change nothing and say why', () => {
  it.each([
    ['d4', 'd4 is occupied'],
    ['a1', 'a1 touches no ball'],
    ['z9', '"z9" is not a square of the 8x8 board'],
    ['f4+f5', 'you must capture: f4, d6 and f6 capture'],
    ['', '"" is not a move (write a square like f4, or e3+e6 for a Pro double)'],
  ])('%s: %s', (move, reason) => {
    const game = new Game({ first: 'red', seed: 5 });
    const before = JSON.stringify(game.events);
    expect(game.check(move)).toMatchObject({ ok: false, reason });
    expect(() => game.play(move)).toThrow(reason);
    expect(JSON.stringify(game.events)).toBe(before);
  });

  it('squares outside a small board are refused', () => {
    const game = new Game({ size: 4, players: 2, first: 'red' });
    expect(game.check('e1')).toMatchObject({ ok: false, reason: '"e1" is not a square of the 4x4 board' });
  });

  it('two balls outside the Pro variant', () => {
    const game = new Game({ first: 'red' });
    game.play('f4');
    expect(game.check('e3+e6')).toMatchObject({ ok: false, reason: 'two balls in one turn are only allowed in the Pro variant' });
  });
});

describe('turns, end and score', () => {
  it('turns go clockwise from the first player, skipping colours not in play', () => {
    const game = new Game({ players: 2, first: 'green' });
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      order.push(game.state.toMove!);
      game.play(game.legalMoves()[0]);
    }
    expect(order).toEqual(['green', 'red', 'green', 'red']);
  });

  it.each([8, 6, 4] as const)('a %ix%i round lasts exactly squares - 4 moves and fills the board', (size) => {
    const game = new Game({ size, players: 2, seed: size });
    let moves = 0;
    while (!game.state.over) {
      const legal = game.legalMoves();
      game.play(legal[moves % legal.length]);
      moves++;
    }
    expect(moves).toBe(size * size - 4);
    expect(Object.keys(game.state.board)).toHaveLength(size * size);
    expect(game.legalMoves()).toEqual([]);
    expect(game.check('a1')).toMatchObject({ ok: false, reason: 'the round is over' });
    const last = game.events[game.events.length - 1];
    expect(last.type).toBe('roundOver');
  });

  it('most balls wins; equal top scores share the win', () => {
    const setup = roundSetup({ players: 4 });
    const board: Record<string, Colour> = { a1: 'red', b1: 'red', c1: 'yellow', d1: 'yellow', e1: 'green', f1: 'blue' };
    expect(roundResult(setup, board)).toEqual({ scores: { red: 2, yellow: 2, green: 1, blue: 1 }, playerScores: [2, 2, 1, 1], winners: [0, 1] });
  });

  it('misere: fewest balls wins', () => {
    const setup = roundSetup({ players: 4, misere: true });
    const board: Record<string, Colour> = { a1: 'red', b1: 'red', c1: 'yellow', d1: 'yellow', e1: 'green', f1: 'blue', g1: 'blue' };
    expect(roundResult(setup, board).winners).toEqual([2]);
  });

  it('solo: one player plays red and green alternately and scores both', () => {
    const setup = roundSetup({ players: 1 });
    expect(setup.colours).toEqual(['red', 'green']);
    expect(setup.players).toEqual([['red', 'green']]);
    expect(roundResult(setup, { a1: 'red', b1: 'green', c1: 'blue' }).playerScores).toEqual([2]);
  });

  it('team variant: A plays red and green, B yellow and blue, in the normal turn order', () => {
    const game = new Game({ variant: 'team', first: 'red' });
    expect(game.setup.players).toEqual([['red', 'green'], ['yellow', 'blue']]);
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      order.push(game.state.toMove!);
      game.play(game.legalMoves()[0]);
    }
    expect(order).toEqual(['red', 'yellow', 'green', 'blue']);
    expect(roundResult(game.setup, { a1: 'red', b1: 'green', c1: 'blue' }).playerScores).toEqual([2, 1]);
  });

  it('refuses options the rules do not allow', () => {
    expect(() => roundSetup({ size: 4, players: 3 })).toThrow('the 4x4 board is for one or two players');
    expect(() => roundSetup({ variant: 'team', players: 3 })).toThrow('the team variant is for two players');
    expect(() => roundSetup({ size: 7 as 8 })).toThrow('board size must be 8, 6 or 4, not 7');
    expect(() => roundSetup({ players: 5 })).toThrow('players must be 1 to 4, not 5');
    expect(() => roundSetup({ players: 2, first: 'blue' })).toThrow('blue is not in play');
    expect(() => roundSetup({ seed: -1 })).toThrow('seed must be a whole number');
  });

  it('refuses one-colour rounds and a solo of other colours than red and green', () => {
    expect(() => roundSetup({ colours: ['red'] })).toThrow('one colour makes no round (red): solo is red and green, played by one person');
    expect(() => roundSetup({ players: 1, colours: ['blue'] })).toThrow('one colour makes no round (blue)');
    expect(() => roundSetup({ players: 1, colours: ['yellow', 'blue'] })).toThrow('solo is red and green, played by one person, not yellow and blue');
    expect(setupProblem({ size: 4, colours: ['green'] })).toBe('one colour makes no round (green): solo is red and green, played by one person');
    expect(setupProblem({ players: 1, colours: ['red', 'green'] })).toBeNull();
    expect(setupProblem({ colours: ['yellow', 'blue'] })).toBeNull(); // two players may play any two colours
  });
});

describe('Pro variant', () => {
  it('docs/rules.md example: after red f4 took the only yellow ball, yellow may play e3+e6 capturing e4 and e5', () => {
    const game = new Game({ variant: 'pro', first: 'red' });
    game.play('f4');
    expect(game.legalMoves()).toContain('e3+e6');
    const events = game.play('e3+e6');
    expect(events.map((e) => e.type)).toEqual(['ballPlaced', 'ballPlaced', 'ballsRolled', 'turn']);
    expect(game.state.board.e4).toBe('yellow');
    expect(game.state.board.e5).toBe('yellow');
    expect(game.state.moves[1].squares).toEqual(['e3', 'e6']);
    expect(Object.keys(game.state.board)).toHaveLength(7);
  });

  it('the Italian sheet continuation: green d3+f5 captures e4', () => {
    const game = new Game({ variant: 'pro', first: 'red' });
    game.play('f4');
    game.play('e3+e6');
    // Green's own ball e5 was captured, so green cannot capture with one ball.
    expect(game.check('d3+f5')).toMatchObject({ ok: true, rolls: ['e4'] });
  });

  it('single non-capturing placements stay legal beside the doubles; doubles come after them', () => {
    const game = new Game({ variant: 'pro', first: 'red' });
    game.play('f4');
    const legal = game.legalMoves();
    const firstDouble = legal.findIndex((m) => m.includes('+'));
    expect(legal.slice(0, firstDouble).every((m) => !m.includes('+'))).toBe(true);
    expect(legal.slice(firstDouble).every((m) => m.includes('+'))).toBe(true);
    expect(legal).toContain('c3');
  });

  it('no doubles while a capture exists, and either order of the two squares is accepted', () => {
    const game = new Game({ variant: 'pro', first: 'red' });
    expect(game.legalMoves()).toEqual(['f4', 'd6', 'f6']);
    game.play('f4');
    expect(game.check('e6+e3')).toMatchObject({ ok: true });
  });

  it('a pair without a run of other colours between them is refused with the reason', () => {
    const game = new Game({ variant: 'pro', first: 'red' });
    game.play('f4');
    expect(game.check('c3+g3')).toMatchObject({ ok: false, reason: "c3+g3 is not a double placement: the two balls must lie on one line with only other colours' balls between them" });
  });
});

describe('take-backs', () => {
  it('undo restores the board, the turn and the move list; strict play refuses', () => {
    const game = new Game({ first: 'red', seed: 1 });
    const before = JSON.stringify(game.state.board);
    game.play('f4');
    const events = game.takeBack();
    expect(events[0]).toEqual({ type: 'moveTakenBack', colour: 'red', removed: ['f4'], unrolled: [{ square: 'e4', from: 'red', to: 'yellow' }] });
    expect(JSON.stringify(game.state.board)).toBe(before);
    expect(game.state.toMove).toBe('red');
    expect(game.state.moves).toEqual([]);
    expect(() => game.takeBack()).toThrow('there is no move to take back');
    const strict = new Game({ first: 'red', takeBacks: false });
    strict.play('f4');
    expect(() => strict.takeBack()).toThrow('take-backs are off (strict play)');
  });

  it('undo after the last move reopens the round', () => {
    const game = new Game({ size: 4, players: 2, first: 'red' });
    while (!game.state.over) game.play(game.legalMoves()[0]);
    game.takeBack();
    expect(game.state.over).toBe(false);
    expect(game.legalMoves()).toHaveLength(1);
  });
});

describe('time limit', () => {
  it('when the clock runs out the move that rolls the most is played, marked timed out', () => {
    const game = new Game({ first: 'red', moveTimeLimit: 60 });
    game.play('f4');
    game.play('c3'); // yellow, free placement
    // Green's only ball is e5. By hand: b2 rolls c3 and d4 (two balls, the line b2-c3-d4-e5);
    // e3 rolls e4, g3 rolls f4, c5 rolls d5 (one each). So b2.
    const events = game.expireClock();
    expect(events).toEqual([
      { type: 'timeExpired', colour: 'green' },
      { type: 'ballPlaced', colour: 'green', square: 'b2' },
      { type: 'ballsRolled', colour: 'green', rolls: [{ square: 'c3', from: 'yellow', to: 'green' }, { square: 'd4', from: 'red', to: 'green' }] },
      { type: 'turn', colour: 'blue', moveNumber: 4 },
    ]);
    expect(game.state.moves[2]).toMatchObject({ colour: 'green', squares: ['b2'], timedOut: true });
    expect(() => new Game({ first: 'red' }).expireClock()).toThrow('this round has no time limit');
  });

  it('among moves that roll as many, the first in board order is played', () => {
    const game = new Game({ first: 'red', moveTimeLimit: 60 });
    game.play('f4');
    game.play('f3'); // yellow, free placement
    // By hand: green (e5) can only roll one ball: c3 (d4), e3 (e4), g3 (f4) or c5 (d5). c3 comes first.
    game.expireClock();
    expect(game.state.moves[2]).toMatchObject({ colour: 'green', squares: ['c3'], rolls: [{ square: 'd4', from: 'red', to: 'green' }], timedOut: true });
  });
});

describe('time limit in misere', () => {
  it('when the clock runs out the move that rolls the fewest is played (first in board order among equals)', () => {
    const game = new Game({ first: 'red', moveTimeLimit: 60, misere: true });
    game.play('f4');
    game.play('c3'); // yellow, free placement
    // Green (e5) must capture. By hand: b2 rolls two (c3, d4); e3, g3 and c5 roll one each.
    // Fewest is one; in board order (row 3 before row 5, then by column) e3 comes first: it rolls e4.
    game.expireClock();
    expect(game.state.moves[2]).toMatchObject({ colour: 'green', squares: ['e3'], rolls: [{ square: 'e4', from: 'red', to: 'green' }], timedOut: true });
  });
});

describe('the start-ball throw', () => {
  it('throws again until a colour in play comes up; same seed, same throws', () => {
    for (let seed = 0; seed < 50; seed++) {
      const game = new Game({ players: 2, seed });
      const throws = game.events.filter((e) => e.type === 'ballThrown');
      expect(throws.length).toBeGreaterThan(0);
      throws.forEach((t, i) => expect(t.inPlay).toBe(i === throws.length - 1));
      const last = throws[throws.length - 1];
      expect(game.state.toMove).toBe(last.type === 'ballThrown' ? last.colour : null);
      expect(JSON.stringify(new Game({ players: 2, seed }).events)).toBe(JSON.stringify(game.events));
    }
  });

  it('all four colours come up over many seeds', () => {
    const firsts = new Set<string>();
    for (let seed = 0; seed < 40; seed++) firsts.add(new Game({ seed }).state.toMove!);
    expect([...firsts].sort()).toEqual(['blue', 'green', 'red', 'yellow']);
  });
});

describe('perft (docs/rules.md test vectors)', () => {
  it('8x8, four players, red first: 3, 20, 136, 1366, 7427', () => {
    const p = Position.start(8, [0, 1, 2, 3], 0);
    expect([1, 2, 3, 4, 5].map((d) => perft(p, d))).toEqual([3, 20, 136, 1366, 7427]);
  });

  it('perft leaves the position unchanged', () => {
    const p = Position.start(6, [0, 2], 0, true);
    const before = Array.from(p.cells).join() + p.toMove + p.hashLo + p.hashHi;
    perft(p, 4);
    expect(Array.from(p.cells).join() + p.toMove + p.hashLo + p.hashHi).toBe(before);
  });
});

describe('match', () => {
  it('rotates seats, counts rounds won (shared wins for each) and breaks ties by balls', () => {
    const results = [
      { scores: {}, playerScores: [30, 20, 10, 4], winners: [0] },
      { scores: {}, playerScores: [10, 30, 20, 4], winners: [1] },
      { scores: {}, playerScores: [20, 20, 20, 4], winners: [0, 1, 2] },
    ];
    const m = matchStandings(results, 4);
    // Round 0: player p in seat p. Round 1: seat s holds player s-1. Round 2: seat s holds player s-2.
    // By hand: player 0 wins all three (seat 0, seat 1, seat 2 of the shared win), players 2 and 3
    // one each (the shared win), player 1 none; ties on rounds and balls keep player order.
    expect(m.standings).toEqual([
      { player: 0, roundsWon: 3, balls: 30 + 30 + 20 },
      { player: 2, roundsWon: 1, balls: 10 + 4 + 20 },
      { player: 3, roundsWon: 1, balls: 4 + 10 + 20 },
      { player: 1, roundsWon: 0, balls: 20 + 20 + 4 },
    ]);
    expect(m.leaders).toEqual([0]);
    expect(m.roundsPlayed).toBe(3);
  });

  it('equal rounds won: most balls leads, fewest in misere', () => {
    // Round 0: player 0 in seat 0 wins with 30 to 20. Round 1: seats swap; player 1 (seat 0) wins 25 to 10.
    const results = [
      { scores: {}, playerScores: [30, 20], winners: [0] },
      { scores: {}, playerScores: [25, 10], winners: [0] },
    ];
    expect(matchStandings(results, 2).standings).toEqual([
      { player: 1, roundsWon: 1, balls: 45 },
      { player: 0, roundsWon: 1, balls: 40 },
    ]);
    expect(matchStandings(results, 2).leaders).toEqual([1]);
    expect(matchStandings(results, 2, true).leaders).toEqual([0]);
  });
});

describe('options', () => {
  it('colours are listed once each in seat order (clockwise from red): another order or a repeat is refused, never reordered', () => {
    expect(roundSetup({ colours: ['red', 'green'] }).players).toEqual([['red'], ['green']]);
    for (const colours of [['green', 'red'], ['red', 'red', 'green'], ['blue', 'green', 'yellow', 'red']] as Colour[][]) {
      expect(() => roundSetup({ colours }), colours.join()).toThrow(`colours must be listed once each, in seat order (clockwise from red), not ${colours.join(',')}`);
    }
    expect(setupProblem({ variant: 'team', colours: ['yellow', 'red', 'green', 'blue'] })).toMatch(/^colours must be listed once each/);
  });

  it('a time limit must be a finite number of seconds', () => {
    expect(() => roundSetup({ moveTimeLimit: Infinity })).toThrow('the time limit must be 0 (none) or a number of seconds');
    expect(() => roundSetup({ moveTimeLimit: -1 })).toThrow('the time limit must be 0 (none) or a number of seconds');
  });
});
