/**
 * Worker-thread entry of the server's computer players (computerPool.ts): rebuilds the round from
 * its events and answers with the level's move, so a search never holds up the rooms' thread.
 */
import { parentPort } from 'node:worker_threads';
import { Game, moveName } from '../../engine';
import { chooseMove, computerSeed, seatOptions } from '../../ai';
import type { SearchJob, SearchReply } from './computerPool';

const port = parentPort!;

port.on('message', (job: SearchJob) => {
  let reply: SearchReply;
  try {
    const game = Game.fromEvents(job.events);
    const move = chooseMove(game.positionCopy(), { level: job.level, seed: computerSeed(game), ...seatOptions(game.setup) });
    reply = { id: job.id, move: moveName(game.setup.size, move) };
  } catch (e) {
    reply = { id: job.id, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
