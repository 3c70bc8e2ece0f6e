import { readFile } from 'node:fs/promises';
import { ballCounts, boardRows, readRecord, RecordError, resultText, seatName, winnersText } from '../../engine/index';
import { parseCommandLine } from '../args';
import { type Command, printLine } from '../command';

/** `replay <file>`: validates a game record and prints its moves, captures, board and result. */
export const replay: Command = {
  name: 'replay',
  summary: 'check a game record and print its moves, captures, board and scores',
  help: `usage: npm run rolit -- replay <file>

Reads a game record (the format of docs/record-format.md), replays every move
through the rules engine and prints:
  - the round: board size, colours, variant and options, who moved first;
  - each move with the balls it rolled, e.g. "12. blue c7  rolls d6 e5";
  - the final board, one row per line, top row first (R Y G B, . empty);
  - the scores and the winners (or who is to move, for an unfinished round).

A record that is not valid (bad syntax, an illegal move, a result that does not
match the moves, ...) prints "<file>:<line>:<column>: <what is wrong>" to stderr
and exits with code 1. Nothing is printed to stdout then.

example:
  npm run rolit -- replay test/fixtures/records/four-players.rolit`,

  async run(args, io) {
    const print = (text: string) => printLine(io.stdout, text);
    const { positionals } = parseCommandLine(args, {}, ['file']);
    const file = positionals[0];
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : e instanceof Error ? e.message : String(e);
      printLine(io.stderr, `rolit replay: cannot read ${file}: ${why}`);
      return 1;
    }
    let record;
    try {
      record = readRecord(text);
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      printLine(io.stderr, `${file}:${e.line}:${e.column}: ${e.reason}`);
      return 1;
    }
    const { game, tags } = record;
    const state = game.state;
    const setup = state.setup;
    const options = [setup.variant, setup.misere ? 'misere' : '', setup.moveTimeLimit ? `${setup.moveTimeLimit} s per move` : '', setup.takeBacks ? '' : 'strict'];
    print(`Rolit ${setup.size}x${setup.size}, players ${setup.players.map(seatName).join(' ')}, ${options.filter(Boolean).join(', ')}`);
    for (const [name, value] of Object.entries(tags)) print(`${name}: ${value}`);
    const first = game.events.find((e) => e.type === 'turn');
    const thrown = state.throws.length ? ` (throws: ${state.throws.join(' ')})` : '';
    print(`${first?.type === 'turn' ? first.colour : '?'} moves first${thrown}`);
    print('');
    state.moves.forEach((m, i) => {
      const move = `${i + 1}. ${m.colour} ${m.squares.join('+')}${m.timedOut ? ' {time}' : ''}`;
      print(m.rolls.length ? `${move}  rolls ${m.rolls.map((r) => r.square).join(' ')}` : move);
    });
    print('');
    for (const row of boardRows(setup.size, state.board)) print(row);
    print('');
    const { scores } = ballCounts(setup, state.board);
    print(state.result ? `scores: ${resultText(state)}` : `balls: ${setup.colours.map((c) => `${c} ${scores[c]}`).join(', ')}`);
    if (state.result && setup.players.some((seat) => seat.length > 1)) {
      print(`players: ${setup.players.map((seat, i) => `${seatName(seat)} ${state.result!.playerScores[i]}`).join(', ')}`);
    }
    print(winnersText(state));
    return 0;
  },
};
