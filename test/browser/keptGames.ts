/**
 * Games for a test to start from, played by the engine and put in a browser context's storage as a
 * kept game, so a page resumes them. Apart from harness.ts: the page's save format comes from the
 * app's modules, which only vitest loads (the measure scripts use the harness under plain tsx).
 */
import type { BrowserContext } from 'playwright-core';
import { type BoardSize, type Game, makeRound, type PlayerSpec, startMatch, toRecord } from '../../src/engine/index';
import { saveText } from '../../src/app/persistence/currentGame';
import { gameKey } from '../../src/app/persistence/tabGames';

/**
 * A saved game (docs/saves.md) of `players` (a name is a person's): round 0 on a board of `size`
 * from `seed`, played on by the engine with `nextMove` until it answers null. Reaching a position
 * this way takes no page and no software-drawn frames.
 */
export function savedGame(players: (string | PlayerSpec)[], { size, seed }: { size: BoardSize; seed: number }, nextMove: (game: Game) => string | null): string {
  const specs = players.map((p): PlayerSpec => (typeof p === 'string' ? { kind: 'human', name: p } : p));
  const match = startMatch({ players: specs, size, variant: 'standard', misere: false, moveTimeLimit: 0, takeBacks: true, seed });
  const { game } = makeRound(match, 0);
  for (let move = nextMove(game); move !== null; move = nextMove(game)) game.play(move);
  return saveText(match, 0, [], toRecord(game), new Date());
}

/**
 * Puts `save` in the storage of `context` as a kept game, before its first page's script runs: a
 * page opened there without a game in its address resumes it. Written once, so a reload resumes
 * the page's own progress.
 */
export async function keepGame(context: BrowserContext, save: string): Promise<void> {
  await context.addInitScript(([key, text]) => {
    if (localStorage.getItem(key) === null) localStorage.setItem(key, text);
  }, [gameKey('kept-by-test'), save] as const);
}
