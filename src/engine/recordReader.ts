/**
 * Reading a game record (docs/record-format.md): every move is replayed through the real engine
 * (Game.play / Game.expireClock), so a record is only ever as legal as the rules say. Every problem
 * is a RecordError naming the line and the column, and a failed read returns nothing.
 */
import { type Colour, COLOURS, colourIndex, isColour } from './colours';
import type { Variant } from './events';
import { excerpt, quote } from './excerpt';
import { Game, type GameOptions, MAX_SEED, moveName, roundSetup, type RuleError, seedTextProblem, setupRefusal } from './game';
import { type BoardSize, isBoardSize, parseSquare } from './geometry';
import { DEFAULT_SEED, dateProblem, freeTagProblem, isRoundTag, type Reason, type RecordCode, RecordError, type RecordParams, resultText, type RoundTag, seatsText, tagValueProblem } from './recordFormat';

/** The engine's refusal as a record's reason. */
const ruleReason = (refusal: RuleError): Reason => ({ text: refusal.message, code: 'rule', refusal });

/** A record read back: the replayed game and its informational tags (Date, player names, ...). */
export interface GameRecord {
  game: Game;
  /** Tags that do not set up the round, in file order; pass them to toRecord to write them again. */
  tags: Record<string, string>;
}

const REQUIRED_TAGS: readonly RoundTag[] = ['Game', 'Size', 'Colours', 'First', 'Result'];

/** Reads a record and replays it; see readRecord. */
export function parseRecord(text: string): Game {
  return readRecord(text).game;
}

/**
 * Reads a record: checks the tags, sets up the round, replays every move through the engine and
 * checks the result. Throws RecordError (line, column, reason) on the first problem, in file
 * order as far as possible (a tag's own value before what it must agree with).
 */
export function readRecord(text: string): GameRecord {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  try {
    return readLines(lines);
  } catch (e) {
    if (!(e instanceof RecordError) || e.line > lines.length) throw e;
    // The reader counts UTF-16 units; people count characters (an emoji is one).
    const column = Array.from(lines[e.line - 1].slice(0, e.column - 1)).length + 1;
    throw column === e.column ? e : new RecordError(e.line, column, { text: e.reason, code: e.code, params: e.params, refusal: e.refusal });
  }
}

function readLines(lines: readonly string[]): GameRecord {
  const { tags, moves, lastTagLine } = scan(lines);
  const settings: Settings = { tags: {} };
  const info: Record<string, string> = {};
  for (const tag of tags) {
    if (isRoundTag(tag.name)) readTag(tag, settings);
    else {
      const problem = tag.name === 'Date' ? dateProblem(tag.value) : null;
      if (problem) throw new RecordError(tag.line, tag.valueColumn, problem);
      info[tag.name] = tag.value;
    }
  }
  for (const name of REQUIRED_TAGS) {
    const required = REQUIRED_TAGS.join(', ');
    if (!settings.tags[name]) throw new RecordError(lastTagLine + 1, 1, { text: `missing tag [${name}] (required: ${required})`, code: 'missingTag', params: { tag: name, required } });
  }
  const game = startGame(settings);
  replay(game, moves);
  checkResult(game, settings.tags.Result!, settings.result!);
  return { game, tags: info };
}

interface TagLine {
  name: string;
  value: string;
  line: number;
  nameColumn: number;
  valueColumn: number;
}

interface MoveLine {
  line: number;
  number: number;
  /** How reasons name the move: its number, or an excerpt of a number too long to write exactly. */
  name: string;
  numberColumn: number;
  colour: Colour;
  colourColumn: number;
  move: string;
  moveColumn: number;
  /** Column of a {time} mark, 0 if the move was not played on time-out. */
  timeColumn: number;
}

/** Splits the text into tag lines and move lines, checking the syntax of each line. */
function scan(lines: readonly string[]): { tags: TagLine[]; moves: MoveLine[]; lastTagLine: number } {
  const tags: TagLine[] = [];
  const moves: MoveLine[] = [];
  const seen = new Map<string, number>();
  let lastTagLine = 0;
  lines.forEach((raw, i) => {
    const line = i + 1;
    const start = raw.search(/\S/);
    if (start < 0 || raw[start] === ';') return;
    if (raw[start] === '[') {
      if (moves.length > 0) throw new RecordError(line, start + 1, { text: 'tags must come before the moves', code: 'tagsBeforeMoves' });
      const tag = scanTag(raw, line, start);
      const problem = freeTagProblem(tag.name);
      if (problem && !isRoundTag(tag.name)) throw new RecordError(line, tag.nameColumn, problem);
      const first = seen.get(tag.name);
      if (first !== undefined) throw new RecordError(line, tag.nameColumn, { text: `duplicate tag [${excerpt(tag.name)}] (first given on line ${first})`, code: 'duplicateTag', params: { tag: excerpt(tag.name), firstLine: first } });
      seen.set(tag.name, line);
      tags.push(tag);
      lastTagLine = line;
    } else if (/[0-9]/.test(raw[start])) {
      moves.push(scanMove(raw, line, start));
    } else {
      const text = quote(raw.slice(start).trimEnd());
      throw new RecordError(line, start + 1, { text: `expected a tag like [Size "8"], a move like "1. red f4" or a comment after ";", not ${text}`, code: 'badLine', params: { text } });
    }
  });
  if (tags.length === 0 && moves.length === 0) throw new RecordError(1, 1, { text: 'the record is empty: expected tags like [Game "Rolit"], then the moves', code: 'empty' });
  return { tags, moves, lastTagLine };
}

/** `[Name "value"]`, optionally followed by a comment. Values escape " and \ with a backslash and hold no control character. */
function scanTag(raw: string, line: number, start: number): TagLine {
  let i = start + 1;
  const skipSpace = () => {
    while (i < raw.length && /\s/.test(raw[i])) i++;
  };
  skipSpace();
  // Any letters here, so that a misspelt name like [Misère] gets a "did you mean" below.
  const name = /^\p{L}[\p{L}\p{N}_]*/u.exec(raw.slice(i))?.[0];
  if (!name) throw new RecordError(line, i + 1, { text: 'expected a tag name after "[", like [Size "8"]', code: 'noTagName' });
  const nameColumn = i + 1;
  i += name.length;
  const shown = excerpt(name);
  skipSpace();
  if (raw[i] !== '"') throw new RecordError(line, i + 1, { text: `the value of [${shown}] must be in double quotes, like [${shown} "..."]`, code: 'tagQuotes', params: { tag: shown } });
  const valueColumn = i + 2;
  let value = '';
  for (i++; ; i++) {
    if (i >= raw.length) throw new RecordError(line, i + 1, { text: `the value of [${shown}] has no closing quote`, code: 'tagUnclosed', params: { tag: shown } });
    if (raw[i] === '"') break;
    if (raw[i] === '\\' && (raw[i + 1] === '"' || raw[i + 1] === '\\')) i++;
    value += raw[i];
  }
  // Escapes are printable, so a place in the written value is a place in the line.
  const problem = tagValueProblem(name, raw.slice(valueColumn - 1, i));
  if (problem) throw new RecordError(line, valueColumn + problem.index, problem.reason);
  i++;
  skipSpace();
  if (raw[i] !== ']') throw new RecordError(line, i + 1, { text: `expected "]" to close the tag [${shown}]`, code: 'tagBracket', params: { tag: shown } });
  i++;
  skipSpace();
  if (i < raw.length && raw[i] !== ';') throw new RecordError(line, i + 1, { text: 'unexpected text after the tag (one tag per line; comments start with ";")', code: 'afterTag' });
  return { name, value, line, nameColumn, valueColumn };
}

/** `12. blue c7`, `3. yellow e3+e6`, `12. blue c7 {time}`, optionally followed by a comment. */
function scanMove(raw: string, line: number, start: number): MoveLine {
  const end = raw.indexOf(';') >= 0 ? raw.indexOf(';') : raw.length;
  const words: Word[] = [];
  for (const m of raw.slice(0, end).matchAll(/\S+/g)) words.push({ text: m[0], column: m.index + 1 });
  const endColumn = raw.slice(0, end).trimEnd().length + 1;
  const [num, colour, move, mark, extra] = words;
  const numberMatch = /^([0-9]+)\.(.*)$/.exec(num.text);
  if (!numberMatch) {
    const digits = excerpt(/^[0-9]+/.exec(num.text)![0]);
    throw new RecordError(line, start + 1, { text: `a move starts with its number and a dot, like "${digits}. red f4"`, code: 'moveNumber', params: { number: digits } });
  }
  if (numberMatch[2]) throw new RecordError(line, num.column + num.text.length - numberMatch[2].length, { text: 'expected a space after the move number', code: 'moveNumberSpace' });
  const number = Number(numberMatch[1]);
  // A number too long to write back exactly (401 digits is Infinity) is named by an excerpt of its digits.
  const name = Number.isSafeInteger(number) ? String(number) : quote(numberMatch[1]);
  if (!colour) {
    const example = Number.isSafeInteger(number) ? number : 1;
    throw new RecordError(line, endColumn, { text: `move ${name} has no colour and square (like "${example}. red f4")`, code: 'moveNoColour', params: { move: name, number: example } });
  }
  const colourName = colour.text.toLowerCase();
  if (!isColour(colourName)) throw new RecordError(line, colour.column, notColour(colour.text));
  if (!move) throw new RecordError(line, endColumn, { text: `move ${name} has no square after the colour`, code: 'moveNoSquare', params: { move: name } });
  if (mark && mark.text !== '{time}') {
    throw new RecordError(line, mark.column, { text: `unexpected ${quote(mark.text)} after the move (only {time} may follow a move; comments start with ";")`, code: 'afterMoveMark', params: { text: quote(mark.text) } });
  }
  if (extra) throw new RecordError(line, extra.column, { text: `unexpected ${quote(extra.text)} after the move (one move per line)`, code: 'afterMove', params: { text: quote(extra.text) } });
  return {
    line,
    number,
    name,
    numberColumn: num.column,
    colour: colourName,
    colourColumn: colour.column,
    move: move.text.toLowerCase(),
    moveColumn: move.column,
    timeColumn: mark ? mark.column : 0,
  };
}

/** Words of a tag value with their columns ("red yellow" or "red, yellow"). */
function valueWords(tag: TagLine, separators = /[^\s,]+/g): Word[] {
  return Array.from(tag.value.matchAll(separators), (m) => ({ text: m[0], column: tag.valueColumn + m.index }));
}

function colourWord(word: Word, line: number): Colour {
  const name = word.text.toLowerCase();
  if (!isColour(name)) throw new RecordError(line, word.column, notColour(word.text));
  return name;
}

export function notColour(word: string): Reason {
  return { text: `${quote(word)} is not a colour (red, yellow, green, blue)`, code: 'notColour', params: { text: quote(word) } };
}

interface Word {
  text: string;
  column: number;
}

interface ColourAt {
  colour: Colour;
  column: number;
}

/** What the round tags say, each checked on its own (readTag), before they are checked together. */
interface Settings {
  tags: Partial<Record<RoundTag, TagLine>>;
  size?: BoardSize;
  colours?: Colour[];
  seats?: ColourAt[][];
  variant?: Variant;
  misere?: boolean;
  moveTimeLimit?: number;
  takeBacks?: boolean;
  seed?: number;
  throws?: Colour[];
  first?: ColourAt;
  result?: '*' | (ColourAt & { balls: number })[];
}

/** Checks one round tag's value on its own and stores it in `s`. */
function readTag(tag: TagLine, s: Settings): void {
  const fail = (column: number, text: string, code: RecordCode, params?: RecordParams): never => {
    throw new RecordError(tag.line, column, { text, code, params });
  };
  const value = tag.value.trim();
  const at = tag.valueColumn;
  s.tags[tag.name as RoundTag] = tag;
  switch (tag.name as RoundTag) {
    case 'Game':
      if (value !== 'Rolit') fail(at, `[Game] must be "Rolit", not ${quote(tag.value)}`, 'gameTag', { text: quote(tag.value) });
      break;
    case 'Size': {
      const size = Number(value);
      if (!/^[0-9]+$/.test(value) || !isBoardSize(size)) fail(at, `board size must be 8, 6 or 4, not ${quote(tag.value)}`, 'sizeTag', { text: quote(tag.value) });
      s.size = size as BoardSize;
      break;
    }
    case 'Colours': {
      const colours: Colour[] = [];
      for (const word of valueWords(tag)) {
        const colour = colourWord(word, tag.line);
        if (colours.includes(colour)) fail(word.column, `${colour} is listed twice`, 'listedTwice', { colour });
        colours.push(colour);
      }
      if (colours.length === 0) fail(at, '[Colours] lists no colour (red, yellow, green, blue)', 'coloursEmpty');
      // Seats go clockwise whatever order the colours are written in.
      s.colours = COLOURS.filter((c) => colours.includes(c));
      break;
    }
    case 'Players': {
      const seen = new Set<Colour>();
      s.seats = valueWords(tag, /\S+/g).map((seat) =>
        Array.from(seat.text.matchAll(/[^+]+/g), (m) => {
          const column = seat.column + m.index;
          const colour = colourWord({ text: m[0], column }, tag.line);
          if (seen.has(colour)) fail(column, `${colour} is in more than one seat`, 'seatedTwice', { colour });
          seen.add(colour);
          return { colour, column };
        }),
      );
      if (s.seats.length === 0 || s.seats.some((seat) => seat.length === 0)) fail(at, '[Players] lists the seats, each its colours joined by "+", like "red+green"', 'playersForm');
      break;
    }
    case 'Variant':
      s.variant = choice(tag, ['standard', 'pro', 'team'] as const);
      break;
    case 'Misere':
      s.misere = choice(tag, ['off', 'on'] as const) === 'on';
      break;
    case 'TakeBacks':
      s.takeBacks = choice(tag, ['on', 'off'] as const) === 'on';
      break;
    case 'TimeLimit':
      // Any number JavaScript writes for a finite time (7.5, 1e-7).
      if (!/^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$/i.test(value) || !Number.isFinite(Number(value))) {
        fail(at, `[TimeLimit] is the seconds per move (0 for none), not ${quote(tag.value)}`, 'timeLimitTag', { text: quote(tag.value) });
      }
      s.moveTimeLimit = Number(value);
      break;
    case 'Seed': {
      const problem = seedTextProblem(value);
      if (problem) fail(at, problem, 'seedTag', { max: MAX_SEED, text: quote(value) });
      s.seed = Number(value);
      break;
    }
    case 'Throws':
      s.throws = valueWords(tag).map((word) => colourWord(word, tag.line));
      if (s.throws.length === 0) fail(at, '[Throws] lists the colours thrown, like "blue red"', 'throwsEmpty');
      break;
    case 'First': {
      const words = valueWords(tag);
      if (words.length !== 1) fail(at, `[First] names the one colour that moved first, not ${quote(tag.value)}`, 'firstTag', { text: quote(tag.value) });
      s.first = { colour: colourWord(words[0], tag.line), column: words[0].column };
      break;
    }
    case 'Result': {
      if (value === '*') {
        s.result = '*';
        break;
      }
      const form = '[Result] lists the balls of each colour, like "red 20, yellow 15", or is "*" while the round is unfinished';
      s.result = valueWords(tag, /[^,]+/g).map((part) => {
        const m = /^(\s*)(\S+)\s+(\S+)\s*$/.exec(part.text);
        if (!m) return fail(part.column, form, 'resultForm');
        const column = part.column + m[1].length;
        const colour = colourWord({ text: m[2], column }, tag.line);
        if (!/^[0-9]+$/.test(m[3])) fail(column + m[2].length + part.text.slice(m[1].length + m[2].length).search(/\S/), `${quote(m[3])} is not a number of balls`, 'ballsNumber', { text: quote(m[3]) });
        return { colour, column, balls: Number(m[3]) };
      });
      if (s.result.length === 0) fail(at, form, 'resultForm');
      s.result.forEach((r, i) => {
        if ((s.result as ColourAt[]).findIndex((q) => q.colour === r.colour) < i) fail(r.column, `${r.colour} is listed twice`, 'listedTwice', { colour: r.colour });
      });
      break;
    }
  }
}

export function choice<T extends string>(tag: TagLine, options: readonly T[]): T {
  const value = tag.value.trim().toLowerCase() as T;
  if (!options.includes(value)) {
    const text = `[${tag.name}] must be ${options.slice(0, -1).map((o) => `"${o}"`).join(', ')} or "${options[options.length - 1]}", not ${quote(tag.value)}`;
    throw new RecordError(tag.line, tag.valueColumn, { text, code: 'choice', params: { tag: tag.name, choices: options.map((o) => `"${o}"`), text: quote(tag.value) } });
  }
  return value;
}

/** Checks the tags together and creates the round they describe, throwing the start ball if they say so. */
function startGame(s: Settings): Game {
  const colours = s.colours!;
  const inPlay = (c: ColourAt, tag: TagLine) => {
    if (!colours.includes(c.colour)) throw new RecordError(tag.line, c.column, { text: `${c.colour} is not in play (colours: ${colours.join(' ')})`, code: 'notInPlay', params: { colour: c.colour, colours } });
  };
  const first = s.first!;
  inPlay(first, s.tags.First!);
  const playersTag = s.tags.Players;
  if (playersTag) {
    s.seats!.flat().forEach((c) => inPlay(c, playersTag));
    const missing = colours.filter((c) => !s.seats!.flat().some((p) => p.colour === c));
    if (missing.length > 0) {
      const text = `[Players] must seat every colour in play; ${missing.join(' and ')} ${missing.length === 1 ? 'has' : 'have'} no seat`;
      throw new RecordError(playersTag.line, playersTag.valueColumn, { text, code: 'unseated', params: { colours: missing, count: missing.length } });
    }
  }
  if (s.result !== '*') {
    const resultTag = s.tags.Result!;
    s.result!.forEach((r) => inPlay(r, resultTag));
    const missing = colours.filter((c) => !(s.result as ColourAt[]).some((r) => r.colour === c));
    if (missing.length > 0) throw new RecordError(resultTag.line, resultTag.valueColumn, { text: `[Result] gives no balls for ${missing.join(' and ')}`, code: 'resultMissing', params: { colours: missing } });
  }

  const options: GameOptions = {
    size: s.size,
    colours,
    players: s.seats?.length,
    variant: s.variant,
    misere: s.misere,
    moveTimeLimit: s.moveTimeLimit,
    takeBacks: s.takeBacks,
    seed: s.seed ?? DEFAULT_SEED,
  };
  const refusal = setupRefusal(options);
  if (refusal) {
    if (playersTag) unseatable(playersTag, refusal.message, { code: 'unseatableRule', refusal });
    throw new RecordError(s.tags.Colours!.line, s.tags.Colours!.valueColumn, ruleReason(refusal));
  }
  const setup = roundSetup(options);
  if (playersTag) {
    // The engine seats each seat's colours clockwise, seats in the order of their first colour.
    const written = s.seats!.map((seat) => COLOURS.filter((c) => seat.some((p) => p.colour === c))).sort((a, b) => colourIndex(a[0]) - colourIndex(b[0]));
    const seats = seatsText(setup.players);
    if (seatsText(written) !== seats) unseatable(playersTag, `the rules seat them "${seats}"`, { code: 'unseatableSeats', params: { seats } });
  }

  const throwsTag = s.tags.Throws;
  if (!throwsTag) return new Game({ ...options, first: first.colour });
  if (!s.tags.Seed) throw new RecordError(throwsTag.line, throwsTag.nameColumn, { text: '[Throws] needs the [Seed] tag: the throws are replayed from the seed', code: 'throwsNeedSeed' });
  const game = new Game(options);
  const thrown = game.state.throws;
  if (s.throws!.join(' ') !== thrown.join(' ')) {
    const params = { seed: setup.seed, thrown, text: quote(throwsTag.value) };
    throw new RecordError(throwsTag.line, throwsTag.valueColumn, { text: `seed ${setup.seed} throws "${thrown.join(' ')}", not ${params.text}`, code: 'throwsDiffer', params });
  }
  const winner = thrown[thrown.length - 1];
  if (first.colour !== winner) {
    throw new RecordError(s.tags.First!.line, first.column, { text: `the throw decided that ${winner} moves first, not ${first.colour}`, code: 'firstDiffers', params: { colour: winner, written: first.colour } });
  }
  return game;
}

/** The Players tag cannot be seated: `why` in English, with the code (and the rule's refusal or the seats the rules give). */
function unseatable(tag: TagLine, why: string, reason: Omit<Reason, 'text'>): never {
  const text = `players ${quote(tag.value)} cannot be seated (${why}): write one seat per colour, all colours in one seat (solo) or, in the team variant, red+green yellow+blue`;
  throw new RecordError(tag.line, tag.valueColumn, { ...reason, text, params: { ...reason.params, text: quote(tag.value) } });
}

/** Plays the moves through the engine, checking numbers, colours and legality. */
function replay(game: Game, moves: readonly MoveLine[]): void {
  const size = game.setup.size;
  for (const m of moves) {
    const state = game.state;
    const played = state.moves.length;
    if (state.over) throw new RecordError(m.line, m.numberColumn, { text: `move ${m.name} comes after the end of the round (the board is full after move ${played})`, code: 'afterEnd', params: { move: m.name, played } });
    if (m.number !== played + 1) {
      throw new RecordError(m.line, m.numberColumn, { text: `move number ${m.name} is out of sequence: expected ${played + 1}`, code: 'outOfSequence', params: { move: m.name, expected: played + 1 } });
    }
    if (m.colour !== state.toMove) {
      throw new RecordError(m.line, m.colourColumn, { text: `move ${m.name} is by ${m.colour}, but ${state.toMove} is to move`, code: 'wrongColour', params: { move: m.name, written: m.colour, colour: state.toMove! } });
    }
    const parts = m.move.split('+');
    if (parts.length <= 2) {
      let offset = 0;
      for (const part of parts) {
        if (part !== '' && parseSquare(size, part) < 0) {
          throw new RecordError(m.line, m.moveColumn + offset, { text: `${excerpt(part)} is not a square of the ${size}x${size} board`, code: 'notASquare', params: { text: excerpt(part), size } });
        }
        offset += part.length + 1;
      }
    }
    const check = game.check(m.move);
    if (!check.ok) throw new RecordError(m.line, m.moveColumn, ruleReason(check.refusal));
    if (!m.timeColumn) {
      game.play(m.move);
      continue;
    }
    if (game.setup.moveTimeLimit === 0) throw new RecordError(m.line, m.timeColumn, { text: `move ${m.name} is marked {time}, but the round has no time limit`, code: 'noTimeLimit', params: { move: m.name } });
    game.expireClock();
    const forced = game.state.moves[played].squares.join('+');
    const written = moveName(size, check.move);
    if (forced !== written) {
      const text = `on time-out the engine plays ${forced} for ${m.colour} (the move that rolls the most), not ${excerpt(m.move)}`;
      throw new RecordError(m.line, m.moveColumn, { text, code: 'timeoutMove', params: { forced, colour: m.colour, text: excerpt(m.move) } });
    }
  }
}

/** The Result tag must agree with the replayed moves. */
function checkResult(game: Game, tag: TagLine, written: NonNullable<Settings['result']>): void {
  const state = game.state;
  const actual = resultText(state);
  if (written === '*') {
    if (state.over) throw new RecordError(tag.line, tag.valueColumn, { text: `the round is over after move ${state.moves.length}: [Result] should be "${actual}", not "*"`, code: 'resultOver', params: { moves: state.moves.length, actual } });
    return;
  }
  if (!state.over) {
    const text = `the moves end after move ${state.moves.length} with the round unfinished (${state.toMove} to move): [Result] should be "*"`;
    throw new RecordError(tag.line, tag.valueColumn, { text, code: 'resultUnfinished', params: { moves: state.moves.length, colour: state.toMove! } });
  }
  if (written.some((r) => state.result!.scores[r.colour] !== r.balls)) {
    throw new RecordError(tag.line, tag.valueColumn, { text: `[Result] says ${quote(tag.value.trim())}, but the moves give "${actual}"`, code: 'resultDiffers', params: { text: quote(tag.value.trim()), actual } });
  }
}
