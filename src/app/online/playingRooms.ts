/** Where the page's player holds a seat, asked of the server (docs/online.md, Players and ratings). */
import { roomCodeOf } from '../../wire/contractCodes';
import type { MatchSnapshot } from '../../wire/matchSnapshot';

/** A room where the player holds a seat, and its phase: the lobby, a round in play, or a round over (the table still open). */
export interface SeatHeld {
  room: string;
  phase: MatchSnapshot['phase'];
  /** A round in play: the moves a computer may still play for the player's seat before the round counts as given up; null when the server does not say. */
  standInLeft: number | null;
}
const PHASES: readonly string[] = ['waiting', 'playing', 'over'] satisfies SeatHeld['phase'][];

/**
 * The rooms where the player of `key` (public id `id`) holds a seat (`GET /players/<id>/playing`,
 * which answers the key's holder only), a round in play first; none when the server cannot say.
 * A room whose phase the server does not give is taken as in play.
 */
export async function playingRooms(endpoint: string, id: string, key: string, fetcher: typeof fetch = fetch): Promise<SeatHeld[]> {
  try {
    const answer = await fetcher(`${endpoint.replace(/\/$/, '')}/players/${encodeURIComponent(id)}/playing`, { headers: { authorization: `Bearer ${key}` } });
    const { rooms, phases, standInLeft } = answer.ok ? ((await answer.json()) as { rooms?: unknown; phases?: unknown; standInLeft?: unknown }) : {};
    if (!Array.isArray(rooms)) return [];
    const phaseOf = (room: string): SeatHeld['phase'] => {
      const phase = typeof phases === 'object' && phases !== null ? (phases as Record<string, unknown>)[room] : undefined;
      return typeof phase === 'string' && PHASES.includes(phase) ? (phase as SeatHeld['phase']) : 'playing';
    };
    const leftOf = (room: string): number | null => {
      const left = typeof standInLeft === 'object' && standInLeft !== null ? (standInLeft as Record<string, unknown>)[room] : undefined;
      return typeof left === 'number' && Number.isInteger(left) && left >= 0 ? left : null;
    };
    const held = rooms.filter((r): r is string => typeof r === 'string' && roomCodeOf(r) === r).map((room) => ({ room, phase: phaseOf(room), standInLeft: leftOf(room) }));
    return [...held.filter((r) => r.phase === 'playing'), ...held.filter((r) => r.phase !== 'playing')];
  } catch {
    return [];
  }
}
