import { type ArenaConfig, type ArenaPlayer, searcherPlayer } from './arena';
import { entrantThreads } from './entrants';
import { threadCpuClock } from './cpuClock';
import { ExternalPlayer } from './external-player';
import { RootParallelPlayer } from './root-parallel-player';

/** One player per entrant of the config: levels on this thread, root-parallel searches on their own threads, programs as child processes. */
export function createPlayers(config: ArenaConfig): ArenaPlayer[] {
  const cpuClock = config.movecpu !== undefined ? threadCpuClock() : undefined;
  return config.seats.map((spec) => {
    if (spec.startsWith('cmd:')) return new ExternalPlayer(spec.slice(4).trim());
    const { base, threads } = entrantThreads(spec);
    return threads > 0 ? new RootParallelPlayer(base, threads) : searcherPlayer(spec, cpuClock);
  });
}

export async function closePlayers(players: ArenaPlayer[]): Promise<void> {
  await Promise.all(players.map((p) => p.close?.()));
}
