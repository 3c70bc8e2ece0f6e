import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../src/ai/index';
import { EngineSession } from '../../src/cli/protocol';

const FOUR = 'newgame size=8 colours=red,yellow,green,blue first=red';

/** A session with these lines already sent (each must succeed). */
function sessionAfter(...lines: string[]): EngineSession {
  const session = new EngineSession();
  for (const line of lines) {
    const reply = session.handle(line);
    expect(reply[0], line).toMatch(/^ok/);
  }
  return session;
}

/** The observable state of a game: board, colour to move, legal moves and score. */
function snapshot(session: EngineSession): string[] {
  return ['board', 'tomove', 'moves', 'score'].flatMap((c) => session.handle(c));
}

/** Row-then-column order of a square name on any board ("a1" < "b1" < "a2"). */
function squareOrder(name: string): number {
  return Number(name.slice(1)) * 16 + name.charCodeAt(0);
}

function isSorted(squares: string[]): boolean {
  return squares.every((sq, i) => i === 0 || squareOrder(squares[i - 1]) < squareOrder(sq));
}

/** The squares whose letter differs between two `board` replies. */
function changedSquares(before: string[], after: string[]): { square: string; letter: string }[] {
  const out: { square: string; letter: string }[] = [];
  for (let row = 0; row < after.length - 1; row++) {
    for (let col = 0; col < after[row].length; col++) {
      if (before[row][col] !== after[row][col]) out.push({ square: String.fromCharCode(97 + col) + (row + 1), letter: after[row][col] });
    }
  }
  return out;
}

describe('the example session of docs/protocol.md, verbatim', () => {
  it('gives the replies of the spec', () => {
    const session = new EngineSession();
    const transcript = [
      ['newgame size=8 colours=red,yellow,green,blue first=red', 'ok'],
      ['moves', 'moves f4 d6 f6'],
      ['play f4', 'ok red f4 captures e4'],
      ['tomove', 'tomove yellow'],
    ];
    for (const [command, reply] of transcript) expect(session.handle(command)).toEqual([reply]);
  });
});

describe('hello and quit', () => {
  it('hello names the engine and its version, before or after newgame', () => {
    const session = new EngineSession();
    expect(session.handle('hello')).toEqual([expect.stringMatching(/^rolit Rolit 3D \d+\.\d+\.\d+$/)]);
    session.handle(FOUR);
    expect(session.handle('hello')).toHaveLength(1);
  });

  it('quit has no reply and sets quit', () => {
    const session = new EngineSession();
    expect(session.quit).toBe(false);
    expect(session.handle('quit')).toEqual([]);
    expect(session.quit).toBe(true);
  });

  it('hello and quit refuse arguments', () => {
    const session = new EngineSession();
    expect(session.handle('hello there')).toEqual(['error hello takes no arguments']);
    expect(session.handle('quit now')).toEqual(['error quit takes no arguments']);
    expect(session.quit).toBe(false);
  });
});

describe('input lines', () => {
  it('ignores blank and white-space-only lines (no reply)', () => {
    const session = new EngineSession();
    expect(session.handle('')).toEqual([]);
    expect(session.handle('   \t ')).toEqual([]);
    expect(session.handle('\r')).toEqual([]);
  });

  it('accepts a trailing CR and extra spaces between words', () => {
    const session = sessionAfter(FOUR);
    expect(session.handle('moves\r')).toEqual(['moves f4 d6 f6']);
    expect(session.handle('  play   f4  ')).toEqual(['ok red f4 captures e4']);
  });

  it('answers an unknown command with an error listing the commands, and goes on', () => {
    const session = sessionAfter(FOUR);
    const before = snapshot(session);
    for (const line of ['frobnicate', 'MOVES', 'Play f4', 'position startpos', '#comment']) {
      const [reply, ...more] = session.handle(line);
      expect(more).toEqual([]);
      expect(reply).toMatch(/^error unknown command "[^"]+" \(commands: hello, newgame, moves, play, tomove, board, score, go, stop, setoption, undo, quit\)$/);
    }
    expect(snapshot(session)).toEqual(before);
  });

  it('quotes a short, escaped excerpt of bad input, never the whole of it', () => {
    const session = sessionAfter(FOUR);
    const before = snapshot(session);
    const huge = 'x'.repeat(4 * 1024 * 1024);
    const commands = 'hello, newgame, moves, play, tomove, board, score, go, stop, setoption, undo, quit';
    expect(session.handle(huge)).toEqual([`error unknown command "${'x'.repeat(40)}..." (commands: ${commands})`]);
    expect(session.handle('\u0007\u001b[2Jbell')).toEqual([`error unknown command "\\u0007\\u001b[2Jbell" (commands: ${commands})`]);
    expect(session.handle(`play ${huge}`)).toEqual([`error "${'x'.repeat(40)}..." is not a square of the 8x8 board`]);
    expect(session.handle(`go level=${huge}`)[0]).toMatch(/^error unknown level "x{40}\.\.\." \(levels: /);
    expect(session.handle(`newgame size=8 colours=red,green first=${huge}`)).toEqual([`error first must be a colour (red, yellow, green, blue), not "${'x'.repeat(40)}..."`]);
    expect(session.handle(`newgame size=8 colours=red,green first=red seed=${huge}`)).toEqual([`error the seed must be a whole number from 0 to 4294967295, not "${'x'.repeat(40)}..."`]);
    expect(snapshot(session)).toEqual(before);
  });

  it('every game command before newgame is an error', () => {
    const session = new EngineSession();
    for (const line of ['moves', 'play f4', 'tomove', 'board', 'score', 'go', 'undo']) {
      expect(session.handle(line), line).toEqual(['error no game: send newgame first']);
    }
  });
});

describe('newgame', () => {
  it('sets up each board size with the start balls', () => {
    const session = new EngineSession();
    expect(session.handle(FOUR)).toEqual(['ok']);
    expect(session.handle('board')).toEqual(['........', '........', '........', '...RY...', '...BG...', '........', '........', '........', 'end']);
    expect(session.handle('newgame size=6 colours=red,yellow,green first=green')).toEqual(['ok']);
    expect(session.handle('board')).toEqual(['......', '......', '..RY..', '..BG..', '......', '......', 'end']);
    expect(session.handle('tomove')).toEqual(['tomove green']);
    expect(session.handle('score')).toEqual(['score red=1 yellow=1 green=1']);
    expect(session.handle('newgame size=4 colours=red,green first=red seed=7')).toEqual(['ok']);
    expect(session.handle('board')).toEqual(['....', '.RY.', '.BG.', '....', 'end']);
    expect(session.handle('moves')).toEqual(['moves d2 b4 d4']);
  });

  it('takes the optional keys in any order', () => {
    const session = new EngineSession();
    expect(session.handle('newgame seed=42 misere=on variant=pro first=yellow colours=red,yellow,green,blue size=8')).toEqual(['ok']);
    expect(session.handle('tomove')).toEqual(['tomove yellow']);
    expect(session.handle('newgame size=8 colours=red,yellow,green,blue first=blue variant=team misere=off')).toEqual(['ok']);
    expect(session.handle('score')).toEqual(['score red=1 yellow=1 green=1 blue=1']);
  });

  it('solo is colours=red,green: red and green alternate', () => {
    const session = sessionAfter('newgame size=8 colours=red,green first=green');
    expect(session.handle('score')).toEqual(['score red=1 green=1']);
    session.handle(session.handle('moves')[0].replace('moves', 'play').split(' ').slice(0, 2).join(' '));
    expect(session.handle('tomove')).toEqual(['tomove red']);
  });

  it.each([
    ['newgame', 'error newgame: size= is required'],
    ['newgame size=8 colours=red,green', 'error newgame: first= is required'],
    ['newgame size=8 first=red', 'error newgame: colours= is required'],
    ['newgame colours=red,green first=red', 'error newgame: size= is required'],
    ['newgame size=8 colours=red,green first=red players=2', 'error newgame: unknown key "players" (keys: size, colours, first, variant, misere, seed)'],
    ['newgame size=8 size=6 colours=red,green first=red', 'error newgame: size is given twice'],
    ['newgame size 8 colours=red,green first=red', 'error newgame: expected key=value, not "size"'],
    ['newgame =8 colours=red,green first=red', 'error newgame: expected key=value, not "=8"'],
    ['newgame size=10 colours=red,green first=red', 'error size must be 8, 6, 4, not "10"'],
    ['newgame size= colours=red,green first=red', 'error size must be 8, 6, 4, not ""'],
    ['newgame size=8 colours=red,purple first=red', 'error colours: "purple" is not a colour (red, yellow, green, blue)'],
    ['newgame size=8 colours=red,red first=red', 'error colours: red is listed twice'],
    ['newgame size=8 colours=green,red first=red', 'error colours must list the colours in seat order (clockwise: red, yellow, green, blue): red,green, not green,red'],
    ['newgame size=8 colours=red,green first=Red', 'error first must be a colour (red, yellow, green, blue), not "Red"'],
    ['newgame size=8 colours=red,green first=blue', 'error blue is not in play'],
    ['newgame size=8 colours=red,green first=red variant=team', 'error the team variant plays all four colours'],
    ['newgame size=8 colours=red,green first=red variant=classic', 'error variant must be standard or pro or team, not "classic"'],
    ['newgame size=8 colours=red,green first=red misere=yes', 'error misere must be on or off, not "yes"'],
    ['newgame size=8 colours=red,green first=red seed=-1', 'error the seed must be a whole number from 0 to 4294967295, not "-1"'],
    ['newgame size=8 colours=red,green first=red seed=4294967296', 'error the seed must be a whole number from 0 to 4294967295, not "4294967296"'],
    ['newgame size=8 colours=red,green first=red seed=1e3', 'error the seed must be a whole number from 0 to 4294967295, not "1e3"'],
    ['newgame size=4 colours=red,yellow,green first=red', 'error the 4x4 board is for one or two players'],
    ['newgame size=8 colours=red first=red', 'error one colour makes no round (red): solo is red and green, played by one person'],
    ['newgame size=4 colours=blue first=blue', 'error one colour makes no round (blue): solo is red and green, played by one person'],
  ])('%s -> %s, and the game in progress is kept', (line, reply) => {
    const session = sessionAfter(FOUR, 'play f4');
    const before = snapshot(session);
    expect(session.handle(line)).toEqual([reply]);
    expect(snapshot(session)).toEqual(before);
  });

  it('two players may be any two colours; turns go clockwise between them', () => {
    const session = sessionAfter('newgame size=8 colours=yellow,blue first=blue');
    expect(session.handle('score')).toEqual(['score yellow=1 blue=1']);
    const [move] = session.handle('moves')[0].split(' ').slice(1);
    expect(session.handle(`play ${move}`)[0]).toMatch(/^ok blue /);
    expect(session.handle('tomove')).toEqual(['tomove yellow']);
  });

  it('a failed first newgame leaves no game', () => {
    const session = new EngineSession();
    expect(session.handle('newgame size=9 colours=red,green first=red')[0]).toMatch(/^error /);
    expect(session.handle('moves')).toEqual(['error no game: send newgame first']);
  });

  it('a new game replaces the one in progress', () => {
    const session = sessionAfter(FOUR, 'play f4', 'play f3');
    expect(session.handle(FOUR)).toEqual(['ok']);
    expect(session.handle('moves')).toEqual(['moves f4 d6 f6']);
    expect(session.handle('undo')).toEqual(['error there is no move to take back']);
  });
});

describe('moves and play', () => {
  it('lists the moves of the colour to move, sorted by row then column', () => {
    const session = sessionAfter(FOUR, 'play f4');
    // Yellow has no ball left: any empty square touching a ball.
    const [reply] = session.handle('moves');
    const squares = reply.split(' ').slice(1);
    expect(reply.startsWith('moves ')).toBe(true);
    expect(squares).toEqual(['c3', 'd3', 'e3', 'f3', 'g3', 'c4', 'g4', 'c5', 'f5', 'g5', 'c6', 'd6', 'e6', 'f6']);
  });

  it('lists Pro double moves after the single ones, each written first+second in board order', () => {
    const session = sessionAfter(`${FOUR} variant=pro`, 'play f4');
    const words = session.handle('moves')[0].split(' ').slice(1);
    const firstDouble = words.findIndex((w) => w.includes('+'));
    expect(firstDouble).toBeGreaterThan(0);
    const singles = words.slice(0, firstDouble);
    const doubles = words.slice(firstDouble);
    expect(singles.every((w) => /^[a-h][1-8]$/.test(w))).toBe(true);
    expect(doubles.every((w) => /^[a-h][1-8]\+[a-h][1-8]$/.test(w))).toBe(true);
    expect(isSorted(singles)).toBe(true);
    for (const d of doubles) expect(squareOrder(d.split('+')[0])).toBeLessThan(squareOrder(d.split('+')[1]));
    // docs/rules.md's Pro example.
    expect(doubles).toContain('e3+e6');
    expect(session.handle('play e6+e3')).toEqual(['ok yellow e3+e6 captures e4 e5']);
    expect(session.handle('board').slice(2, 6)).toEqual(['....Y...', '...RYR..', '...BY...', '....Y...']);
    expect(session.handle('tomove')).toEqual(['tomove green']);
  });

  it('a capture-less single move replies with an empty capture list', () => {
    const session = sessionAfter(FOUR, 'play f4');
    expect(session.handle('play c3')).toEqual(['ok yellow c3 captures']);
  });

  it.each([
    ['play', 'error play takes one move: a square like f4, or e3+e6 for a Pro double'],
    ['play f4 d6', 'error play takes one move: a square like f4, or e3+e6 for a Pro double'],
    ['play z9', 'error "z9" is not a square of the 8x8 board'],
    ['play i1', 'error "i1" is not a square of the 8x8 board'],
    ['play F4', 'error "F4" is not a square of the 8x8 board'],
    ['play f4+', 'error "f4+" is not a move (write a square like f4, or e3+e6 for a Pro double)'],
    ['play d4', 'error d4 is occupied'],
    ['play a1', 'error a1 touches no ball'],
    ['play c3', 'error you must capture: f4, d6 and f6 capture'],
    ['play e3+e6', 'error you must capture: f4, d6 and f6 capture'],
  ])('%s -> %s and nothing changes', (line, reply) => {
    const session = sessionAfter(FOUR);
    const before = snapshot(session);
    expect(session.handle(line)).toEqual([reply]);
    expect(snapshot(session)).toEqual(before);
  });

  it('refuses a double outside the Pro variant, and a square of the big board on 6x6', () => {
    const session = sessionAfter(FOUR, 'play f4');
    expect(session.handle('play e3+e6')).toEqual(['error two balls in one turn are only allowed in the Pro variant']);
    session.handle('newgame size=6 colours=red,green first=red');
    expect(session.handle('play g1')).toEqual(['error "g1" is not a square of the 6x6 board']);
  });
});

describe('a full game', () => {
  it('plays to the end: replies match the board, score sums to 64, then the round is over', () => {
    const session = sessionAfter(FOUR);
    let board = session.handle('board');
    let plies = 0;
    while (session.handle('tomove')[0] !== 'tomove none') {
      const colour = session.handle('tomove')[0].split(' ')[1];
      const moves = session.handle('moves')[0].split(' ').slice(1);
      const move = moves[(plies * 7) % moves.length];
      const [reply] = session.handle(`play ${move}`);
      const [ok, who, played, word, ...captured] = reply.split(' ');
      expect([ok, who, played, word]).toEqual(['ok', colour, move, 'captures']);
      expect(isSorted(captured)).toBe(true);
      // Independent check: exactly the placed and captured squares change, to the mover's letter.
      const after = session.handle('board');
      const changed = changedSquares(board, after);
      expect(changed.map((c) => c.square).sort()).toEqual([move, ...captured].sort());
      expect(new Set(changed.map((c) => c.letter))).toEqual(new Set([colour[0].toUpperCase()]));
      board = after;
      plies++;
    }
    expect(plies).toBe(60);
    const [score] = session.handle('score');
    const counts = Object.fromEntries(score.split(' ').slice(1).map((kv) => kv.split('=')).map(([k, v]) => [k, Number(v)]));
    expect(Object.keys(counts)).toEqual(['red', 'yellow', 'green', 'blue']);
    expect(Object.values(counts).reduce((a, b) => a + b)).toBe(64);
    const letters = board.slice(0, 8).join('');
    expect(letters).not.toContain('.');
    for (const [colour, n] of Object.entries(counts)) expect(letters.split(colour[0].toUpperCase()).length - 1).toBe(n);
    expect(session.handle('moves')).toEqual(['moves']);
    expect(session.handle('go level=beginner')).toEqual(['error the round is over']);
    expect(session.handle('play a1')).toEqual(['error the round is over']);
    // Undo reopens the round.
    expect(session.handle('undo')).toEqual(['ok']);
    expect(session.handle('tomove')[0]).not.toBe('tomove none');
    expect(session.handle('moves')[0].split(' ')).toHaveLength(2);
  });

  it('score counts only the colours in play; neutral balls stay on the board', () => {
    const session = sessionAfter('newgame size=8 colours=red,green first=red');
    expect(session.handle('board')).toEqual(['........', '........', '........', '...RY...', '...BG...', '........', '........', '........', 'end']);
    expect(session.handle('score')).toEqual(['score red=1 green=1']);
  });
});

describe('undo', () => {
  it('takes back the last moves one by one, then has nothing to take back', () => {
    const session = sessionAfter(FOUR);
    const start = snapshot(session);
    session.handle('play f4');
    const afterOne = snapshot(session);
    expect(session.handle('play c3')).toEqual(['ok yellow c3 captures']);
    expect(session.handle('undo')).toEqual(['ok']);
    expect(snapshot(session)).toEqual(afterOne);
    expect(session.handle('undo')).toEqual(['ok']);
    expect(snapshot(session)).toEqual(start);
    expect(session.handle('undo')).toEqual(['error there is no move to take back']);
    expect(snapshot(session)).toEqual(start);
    expect(session.handle('undo now')).toEqual(['error undo takes no arguments']);
  });

  it('undoes a Pro double in one step', () => {
    const session = sessionAfter(`${FOUR} variant=pro`, 'play f4');
    const before = snapshot(session);
    session.handle('play e3+e6');
    expect(session.handle('undo')).toEqual(['ok']);
    expect(snapshot(session)).toEqual(before);
  });
});

describe('board, tomove, score', () => {
  it('refuse arguments', () => {
    const session = sessionAfter(FOUR);
    for (const c of ['board', 'tomove', 'score', 'moves']) expect(session.handle(`${c} x`)).toEqual([`error ${c} takes no arguments`]);
  });

  it('follow the moves', () => {
    const session = sessionAfter(FOUR, 'play f4');
    expect(session.handle('board')).toEqual(['........', '........', '........', '...RRR..', '...BG...', '........', '........', '........', 'end']);
    expect(session.handle('score')).toEqual(['score red=3 yellow=0 green=1 blue=1']);
  });
});

describe('go', () => {
  it('answers a legal move for the colour to move at every level, without playing it', () => {
    const session = sessionAfter(FOUR, 'play f4');
    const before = snapshot(session);
    const legal = session.handle('moves')[0].split(' ').slice(1);
    for (const level of LEVELS) {
      const [reply] = session.handle(`go level=${level} movetime=50`);
      expect(reply, level).toMatch(/^bestmove /);
      expect(legal).toContain(reply.split(' ')[1]);
    }
    expect(snapshot(session)).toEqual(before);
  });

  it('may answer a Pro double', () => {
    const session = sessionAfter(`${FOUR} variant=pro`, 'play f4');
    const legal = session.handle('moves')[0].split(' ').slice(1);
    const [reply] = session.handle('go level=greedy');
    expect(legal).toContain(reply.split(' ')[1]);
  });

  it('is reproducible: same seed, same move; without seed= the game seed decides', () => {
    const a = sessionAfter(`${FOUR} seed=5`, 'play f4');
    const b = sessionAfter(`${FOUR} seed=5`, 'play f4');
    expect(a.handle('go level=beginner')).toEqual(b.handle('go level=beginner'));
    expect(a.handle('go level=beginner seed=9')).toEqual(b.handle('go level=beginner seed=9'));
  });

  it.each([
    ['go level=grandmaster', `error unknown level "grandmaster" (levels: ${LEVELS.join(', ')})`],
    ['go movetime=-5', 'error movetime must be a whole number from 0 to 3600000, not "-5"'],
    ['go movetime=fast', 'error movetime must be a whole number from 0 to 3600000, not "fast"'],
    ['go seed=x', 'error the seed must be a whole number from 0 to 4294967295, not "x"'],
    ['go depth=3', 'error go: unknown key "depth" (keys: movetime, level, seed)'],
    ['go level=beginner level=master', 'error go: level is given twice'],
    ['go infinite', 'error go: expected key=value, not "infinite"'],
  ])('%s -> %s', (line, reply) => {
    const session = sessionAfter(FOUR);
    expect(session.handle(line)).toEqual([reply]);
  });
});
