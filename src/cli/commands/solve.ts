import { benchSolver, randomEndgame } from '../../ai/tools/solver-bench';
import { MaxnMoveValues, playerOutcome, playerUtilities, type PlayerOutcome, solveMaxn } from '../../ai/maxnSolver';
import { solveExact } from '../../ai/solver';
import { type BoardSize, COLOUR_LETTERS, COLOURS, type Colour, Game, type GameOptions, moveName, type Position, quote, RuleError, setupProblem } from '../../engine/index';
import { parseBoardSize, parseChoice, parseColour, parseColours, parseCommandLine, parseSeed, parseWholeNumber } from '../args';
import { type Command, printLine, UsageError } from '../command';

/** `solve`: the exact endgame solvers (two players; three and four by max^n) on a start, played or random position. */
export const solve: Command = {
  name: 'solve',
  summary: 'solve a position exactly (perfect play to the end; max^n for three and four players)',
  help: `usage: npm run rolit -- solve [--size 8|6|4] [--colours red,green] [--first <colour>]
                               [--variant standard|pro|team] [--misere] [--moves f4,e3,...]
                               [--random-empties N [--seed S] [--play random|greedy]]
                               [--max-nodes N]
       npm run rolit -- solve --bench [--size 8|6|4] [--players 2|3|4] [--random-empties 14]
                               [--positions 20] [--seed 1]

Solves a two-player position exactly: the final ball difference under perfect play
(balls of the side to move minus the other side's), the final scores, a best move and
a principal line to the full board, with the node count and time. Without --moves or
--random-empties it solves the start position, i.e. the whole game (feasible on 4x4).
With three or four --colours it solves by max^n (docs/solver.md): each player plays for
its win, then its place, then its balls; it prints the final scores, the winners, the
move and the line (feasible from about 10 empties down).

options:
  --size            board size, 8 (default), 6 or 4
  --colours         the colours in play, in seat order (default red,green); three or
                    four colours solve by max^n
  --first           colour to move first (default the first of --colours)
  --variant         standard (default), pro (Pro double placements) or team
                    (all four colours: red+green against yellow+blue)
  --misere          fewest balls wins (the side to move minimises the difference)
  --moves           moves played from the start, comma-separated (e3+e6 for a double)
  --random-empties  then play seeded moves until N empty squares remain
  --seed            seed of those moves (default 1)
  --play            how those moves are chosen: random (default) or greedy (most rolls)
  --max-nodes       give up after this many nodes
  --bench           benchmark: cold solves of --positions seeded endgames (half random,
                    half greedy play) with --random-empties empties (default 14; 9 for
                    three and four players)
  --players         benchmark players: 2 (default, red against green), 3 (red, yellow,
                    green) or 4
  --positions       number of benchmark positions (default 20)

examples:
  npm run rolit -- solve --size 4 --colours red,green
  npm run rolit -- solve --random-empties 14 --seed 3
  npm run rolit -- solve --bench --random-empties 14 --positions 20
  npm run rolit -- solve --colours red,yellow,green,blue --random-empties 9 --seed 2
  npm run rolit -- solve --bench --players 4 --random-empties 8 --positions 20`,

  async run(args, io) {
    const print = (text: string) => printLine(io.stdout, text);
    const { options } = parseCommandLine(args, {
      size: 'string',
      colours: 'string',
      first: 'string',
      variant: 'string',
      misere: 'boolean',
      moves: 'string',
      'random-empties': 'string',
      seed: 'string',
      play: 'string',
      'max-nodes': 'string',
      bench: 'boolean',
      players: 'string',
      positions: 'string',
    });
    const size = options.size === undefined ? 8 : parseBoardSize(options.size, '--size');
    const empties = options['random-empties'] === undefined ? undefined : parseWholeNumber(options['random-empties'], '--random-empties', 0, size * size - 4);
    const seed = options.seed === undefined ? 1 : parseSeed(options.seed, '--seed');

    if (options.bench) {
      for (const name of ['colours', 'first', 'variant', 'misere', 'moves', 'play', 'max-nodes'] as const) {
        if (options[name] !== undefined) throw new UsageError(`--${name} does not apply to --bench (it plays red against green)`);
      }
      const positions = options.positions === undefined ? 20 : parseWholeNumber(options.positions, '--positions', 1, 10000);
      const players = options.players === undefined ? 2 : (parseWholeNumber(options.players, '--players', 2, 4) as 2 | 3 | 4);
      benchSolver({ size, players, empties, positions, seed, log: print });
      return 0;
    }
    if (options.positions !== undefined) throw new UsageError('--positions only applies to --bench');
    if (options.players !== undefined) throw new UsageError('--players only applies to --bench (name the colours with --colours)');

    const variant = options.variant === undefined ? 'standard' : parseChoice(options.variant, '--variant', ['standard', 'pro', 'team'] as const);
    if (variant === 'team' && options.colours !== undefined) throw new UsageError('the team variant plays all four colours; leave out --colours');
    const colours: Colour[] = variant === 'team' ? [...COLOURS] : options.colours === undefined ? ['red', 'green'] : parseColours(options.colours, '--colours');
    if (variant !== 'team' && colours.length < 2) throw new UsageError(`--colours must name two to four colours, not ${colours.length}`);
    const first = options.first === undefined ? colours[0] : parseColour(options.first, '--first');
    const play = options.play === undefined ? 'random' : parseChoice(options.play, '--play', ['random', 'greedy'] as const);
    if (options.play !== undefined && empties === undefined) throw new UsageError('--play needs --random-empties');
    if (options.seed !== undefined && empties === undefined) throw new UsageError('--seed needs --random-empties (or --bench)');
    const maxNodes = options['max-nodes'] === undefined ? undefined : parseWholeNumber(options['max-nodes'], '--max-nodes', 1, Number.MAX_SAFE_INTEGER);
    const misere = options.misere === true;

    const setup: GameOptions = { size, colours: variant === 'team' ? undefined : colours, players: variant === 'team' ? 2 : colours.length, first, variant, misere, seed: 0 };
    const problem = setupProblem(setup);
    if (problem) throw new UsageError(problem);
    const game = new Game(setup);
    const played = options.moves === undefined ? [] : options.moves.split(',').map((m) => m.trim());
    played.forEach((move, i) => {
      try {
        game.play(move);
      } catch (e) {
        if (e instanceof RuleError) throw new UsageError(`--moves: move ${i + 1} ${quote(move)} is refused: ${e.message}`);
        throw e;
      }
    });
    let position = game.positionCopy();
    if (empties !== undefined) position = randomEndgame(position, empties, seed, play);

    if (variant !== 'team' && colours.length > 2) return solveMany(position, colours, misere, maxNodes, { played, empties, play, seed }, print);

    // Sides: each colour its own side, or the teams red+green against yellow+blue.
    const owners = COLOURS.map((c) => (variant === 'team' ? (c === 'red' || c === 'green' ? 0 : 1) : colours.indexOf(c)));
    const sideNames = [0, 1].map((s) => COLOURS.filter((_, c) => owners[c] === s).join('+'));
    const mover = owners[position.toMove];

    const kind = [`${size}x${size}`, `${sideNames[0]} against ${sideNames[1]}`, variant, misere ? 'misere' : ''].filter(Boolean).join(', ');
    print(`solve ${kind}`);
    printPosition(position, { played, empties, play, seed }, print);

    const start = performance.now();
    const result = solveExact(position, { owners, misere, maxNodes });
    const ms = performance.now() - start;
    const speed = nodeRate(result.nodes, ms);
    if (!result.complete) {
      print(`not solved within ${maxNodes} nodes (${result.nodes} nodes in ${ms.toFixed(1)} ms, ${speed})`);
      print(`best move so far: ${moveName(size, result.move)}`);
      return 1;
    }
    const end = position.clone();
    for (const move of result.line) end.make(move);
    const scores = [0, 1].map((s) => COLOURS.reduce((sum, _, c) => sum + (owners[c] === s ? end.count(c) : 0), 0));
    const neutral = COLOURS.reduce((sum, _, c) => sum + (owners[c] < 0 ? end.count(c) : 0), 0);
    const aim = misere ? 'fewest balls wins' : 'most balls wins';
    print(`value: ${signed(result.value)} for ${sideNames[mover]} (${sideNames[mover]} minus ${sideNames[1 - mover]}, ${aim}, perfect play)`);
    print(`final score: ${sideNames[0]} ${scores[0]}, ${sideNames[1]} ${scores[1]}${neutral ? `, neutral ${neutral}` : ''}`);
    print(`best move: ${result.move < 0 ? '(board full)' : moveName(size, result.move)}`);
    print(`line: ${lineText(position, result.line)}`);
    print(`nodes: ${result.nodes} in ${ms.toFixed(1)} ms (${speed})`);
    return 0;
  },
};

/** How the position to solve was reached (--moves, or play to --empties), then the position itself. */
function printPosition(position: Position, from: { played: string[]; empties?: number; play: string; seed: number }, print: (text: string) => void): void {
  if (from.played.length) print(`after --moves ${from.played.join(',')}`);
  if (from.empties !== undefined) print(`after ${from.play} play to ${position.empties} empties (seed ${from.seed})`);
  print(diagram(position));
  print(`${position.empties} empty squares, ${COLOURS[position.toMove]} to move`);
}

/** "1.23M nodes/s" ('' for a solve too quick to time). */
function nodeRate(nodes: number, ms: number): string {
  return ms > 0 ? `${((nodes / ms) * 1000 / 1e6).toFixed(2)}M nodes/s` : '';
}

/** Three or four players, each its own colour: the max^n solve and its report. */
function solveMany(position: Position, colours: Colour[], misere: boolean, maxNodes: number | undefined, from: { played: string[]; empties?: number; play: string; seed: number }, print: (text: string) => void): number {
  const size = position.size;
  const owners = COLOURS.map((c) => colours.indexOf(c));
  print(`solve ${size}x${size}, ${colours.join(', ')} (max^n)${misere ? ', misere' : ''}`);
  printPosition(position, from, print);
  const start = performance.now();
  const result = solveMaxn(position, { owners, misere, maxNodes });
  const ms = performance.now() - start;
  const speed = nodeRate(result.nodes, ms);
  if (!result.complete) {
    print(`not solved within ${maxNodes} nodes (${result.nodes} nodes in ${ms.toFixed(1)} ms, ${speed})`);
    return 1;
  }
  print(`final score: ${colours.map((c, p) => `${c} ${result.scores[p]}`).join(', ')} (${misere ? 'fewest' : 'most'} balls wins; each player plays for its win, then its place, then its balls)`);
  print(`winner: ${result.winners.map((p) => colours[p]).join(' and ')}${result.winners.length > 1 ? ' (shared)' : ''}`);
  print(`move: ${result.move < 0 ? '(board full)' : moveName(size, result.move)}`);
  print(`line: ${lineText(position, result.line)}`);
  print(`nodes: ${result.nodes} in ${ms.toFixed(1)} ms (${speed})`);
  printMoveOutcomes(position, owners, colours, misere, print);
  return 0;
}

/** Every legal move with the mover's place and final balls under max^n play after it; the moves it wants most marked best. */
function printMoveOutcomes(position: Position, owners: number[], colours: Colour[], misere: boolean, print: (text: string) => void): void {
  if (position.over) return;
  const mover = owners[position.toMove];
  const values = new MaxnMoveValues(position, { owners, misere });
  const solved: { move: number; outcome: PlayerOutcome; utility: number }[] = [];
  for (let v = values.step(); v; v = values.step()) solved.push({ move: v.move, outcome: playerOutcome(v.scores, mover, misere), utility: playerUtilities(v.scores, misere)[mover] });
  const top = Math.max(...solved.map((s) => s.utility));
  print(`each move, ${colours[mover]}'s place and final balls after it:`);
  for (const { move, outcome, utility } of solved) print(`  ${moveName(position.size, move)}: ${placeText(outcome)}, ${outcome.balls} balls${utility === top ? ' (best)' : ''}`);
}

/** "wins", "shares the win", "2nd", "shares 3rd". */
function placeText({ place, sharing }: PlayerOutcome): string {
  const ordinal = ['', '1st', '2nd', '3rd', '4th'][place];
  if (place === 1) return sharing > 1 ? 'shares the win' : 'wins';
  return sharing > 1 ? `shares ${ordinal}` : ordinal;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** "1. red b1  2. green a1 ..." with the colour of each mover. */
function lineText(position: Position, line: number[]): string {
  const pos = position.clone();
  return line
    .map((move, i) => {
      const text = `${i + 1}. ${COLOURS[pos.toMove]} ${moveName(pos.size, move)}`;
      pos.make(move);
      return text;
    })
    .join('  ');
}

/** The board as rows of R/Y/G/B and '.', with column letters and row numbers. */
function diagram(position: Position): string {
  const size = position.size as BoardSize;
  const off = (8 - size) / 2;
  const lines = [`   ${Array.from({ length: size }, (_, c) => String.fromCharCode(97 + c)).join(' ')}`];
  for (let r = 0; r < size; r++) {
    const row: string[] = [];
    for (let c = 0; c < size; c++) {
      const colour = position.cells[(r + off) * 8 + c + off];
      row.push(colour < 0 ? '.' : COLOUR_LETTERS[colour]);
    }
    lines.push(`${String(r + 1).padStart(2)} ${row.join(' ')}`);
  }
  return lines.join('\n');
}
