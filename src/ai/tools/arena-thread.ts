/**
 * Worker-thread entry of `arena --parallel N`: receives the config, then game indices one at a
 * time; answers each with its ArenaGame (or an error message).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type ArenaConfig, playArenaGame } from './arena';
import { closePlayers, createPlayers } from './arena-players';

const config = workerData as ArenaConfig;
const players = createPlayers(config);
const port = parentPort!;

port.on('message', async (message: { index: number } | { close: true }) => {
  if ('close' in message) {
    await closePlayers(players);
    port.close();
    return;
  }
  try {
    port.postMessage({ record: await playArenaGame(config, message.index, players) });
  } catch (e) {
    port.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
});
