/**
 * Captions: each move of a round told in plain words from the engine's events ("Yellow takes the
 * a8 corner and rolls 6", "Green cannot capture: places freely on c3"), and the round's result.
 * A move that rolls nothing was a free placement: the must-capture rule (docs/rules.md) leaves no
 * other way to roll nothing. All English text is in `captionTexts`, ready for translation.
 */
import { colourName, coloursName, fixedTexts, listOf, t } from '../../i18n/index';
import { type Colour, type GameEvent, parseSquare, type RoundSetup, boardOffset } from '../../engine/index';

export const captionTexts = fixedTexts('captions', ['lastSocket', 'fewest'] as const, {
  colour: (c: Colour) => colourName(c),
  corner: (who: string, square: string) => t('captions:corner', { who, square }),
  plays: (who: string, squares: string) => t('captions:plays', { who, squares }),
  rolls: (n: number) => t('captions:rolls', { count: n }),
  free: (who: string, squares: string, corner: boolean) => t(corner ? 'captions:freeCorner' : 'captions:free', { who, squares }),
  timedOut: (text: string) => t('captions:timedOut', { text }),
  lastBall: (c: Colour) => t('captions:lastBall', { colour: colourName(c, true, 'ball') }),
  wins: (who: string, score: string) => t('captions:wins', { who, score }),
  share: (who: string, score: string) => t('captions:share', { who, score }),
});

export interface MoveCaption {
  /** Index of the move in the round (state.moves). */
  move: number;
  colour: Colour;
  text: string;
}

export interface RoundCaptions {
  moves: MoveCaption[];
  /** "Red wins 27-21-9-7" once the round is over. */
  result: string | null;
}

/** Whether `square` is one of the four corner sockets of the board. */
export function isCorner(size: RoundSetup['size'], square: string): boolean {
  const index = parseSquare(size, square);
  if (index < 0) return false;
  const low = boardOffset(size);
  const high = low + size - 1;
  const row = index >> 3;
  const col = index & 7;
  return (row === low || row === high) && (col === low || col === high);
}

/** Captions of every move of the round so far, folded from its event log. */
export function roundCaptions(events: readonly GameEvent[]): RoundCaptions {
  const counts = new Map<Colour, number>();
  const add = (c: Colour, n: number) => counts.set(c, (counts.get(c) ?? 0) + n);
  const moves: MoveCaption[] = [];
  let setup: RoundSetup | null = null;
  let result: string | null = null;
  // The move being told: its balls and rolls join until the next turn (a Pro double, a time-out).
  let open: { colour: Colour; squares: string[]; rolled: Colour[]; timedOut: boolean } | null = null;
  const close = (last: boolean) => {
    if (open && setup) moves.push({ move: moves.length, colour: open.colour, text: moveText(setup, open, counts, last) });
    open = null;
  };
  for (const event of events) {
    switch (event.type) {
      case 'roundStarted':
        setup = event.setup;
        counts.clear();
        moves.length = 0;
        result = null;
        for (const ball of event.start) add(ball.colour, 1);
        break;
      case 'timeExpired':
        open = { colour: event.colour, squares: [], rolled: [], timedOut: true };
        break;
      case 'ballPlaced':
        open ??= { colour: event.colour, squares: [], rolled: [], timedOut: false };
        open.squares.push(event.square);
        add(event.colour, 1);
        break;
      case 'ballsRolled':
        for (const roll of event.rolls) {
          add(roll.from, -1);
          add(roll.to, 1);
          open?.rolled.push(roll.from);
        }
        break;
      case 'turn':
        close(false);
        break;
      case 'moveTakenBack':
        moves.pop();
        add(event.colour, -event.removed.length);
        for (const roll of event.unrolled) {
          add(roll.from, -1);
          add(roll.to, 1);
        }
        result = null;
        break;
      case 'roundOver':
        close(true);
        if (setup) result = resultText(setup, event.playerScores, event.winners);
        break;
    }
  }
  return { moves, result };
}

function moveText(setup: RoundSetup, move: { colour: Colour; squares: string[]; rolled: Colour[]; timedOut: boolean }, counts: Map<Colour, number>, last: boolean): string {
  const t = captionTexts;
  const who = t.colour(move.colour);
  const squares = move.squares.join('+');
  const corner = move.squares.some((s) => isCorner(setup.size, s));
  let text: string;
  if (move.rolled.length === 0) text = t.free(who, squares, corner);
  else {
    const cornerSquare = move.squares.find((s) => isCorner(setup.size, s));
    text = (cornerSquare && move.squares.length === 1 ? t.corner(who, cornerSquare) : t.plays(who, squares)) + t.rolls(move.rolled.length);
  }
  // A colour whose balls were all rolled by this move: its last ball was taken.
  const wiped = [...new Set(move.rolled)].filter((c) => (counts.get(c) ?? 0) === 0);
  for (const c of wiped) text += `, ${t.lastBall(c)}`;
  if (last) text += `; ${t.lastSocket}`;
  return move.timedOut ? t.timedOut(text) : text;
}

/** The caption of a round's result with these winners ("Red wins 27-21-9-7"); null when none won (every seat given up). */
export function roundCaptionOf(setup: RoundSetup, playerScores: readonly number[], winners: readonly number[]): string | null {
  return winners.length === 0 ? null : resultText(setup, playerScores, winners);
}

function resultText(setup: RoundSetup, playerScores: readonly number[], winners: readonly number[]): string {
  const t = captionTexts;
  const name = (player: number) => coloursName(setup.players[player]);
  const winnerNames = listOf(winners.map(name));
  // The winner's score first, then the others from most to fewest (fewest first in misere).
  const order = playerScores.map((_, i) => i).sort((a, b) => Number(winners.includes(b)) - Number(winners.includes(a)) || (setup.misere ? playerScores[a] - playerScores[b] : playerScores[b] - playerScores[a]));
  const score = order.map((i) => playerScores[i]).join('-');
  const text = winners.length > 1 ? t.share(winnerNames, score) : t.wins(winnerNames, score);
  return setup.misere ? text + t.fewest : text;
}
