import { type ArenaConfig, type ArenaPlayer, searcherPlayer } from './arena';
import { ExternalPlayer } from './external-player';

/** One player per entrant of the config: levels on this thread, programs as child processes. */
export function createPlayers(config: ArenaConfig): ArenaPlayer[] {
  return config.seats.map((spec) => (spec.startsWith('cmd:') ? new ExternalPlayer(spec.slice(4).trim()) : searcherPlayer(spec)));
}

export async function closePlayers(players: ArenaPlayer[]): Promise<void> {
  await Promise.all(players.map((p) => p.close?.()));
}
