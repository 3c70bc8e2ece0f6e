/**
 * Worker-thread entry of `arena --parallel N`: receives games to play one at a time (a config
 * and a game index), answers each with its ArenaGame (or an error message). The players of
 * each config are created on its first game and kept until `close`. The process groups of its
 * external programs are recorded in the table the main thread gave it (workerData.groups,
 * entrant-groups.ts), which the main thread kills if this thread is ended.
 */
import { parentPort } from 'node:worker_threads';
import { type ArenaConfig, type ArenaPlayer, playArenaGame } from './arena';
import { closePlayers, createPlayers } from './arena-players';

const port = parentPort!;
const playersByConfig = new Map<string, ArenaPlayer[]>();

port.on('message', async (message: { config: ArenaConfig; index: number } | { close: true }) => {
  if ('close' in message) {
    await Promise.all([...playersByConfig.values()].map(closePlayers));
    port.close();
    return;
  }
  const key = JSON.stringify(message.config);
  let players = playersByConfig.get(key);
  if (!players) playersByConfig.set(key, (players = createPlayers(message.config)));
  try {
    port.postMessage({ record: await playArenaGame(message.config, message.index, players) });
  } catch (e) {
    port.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
});
