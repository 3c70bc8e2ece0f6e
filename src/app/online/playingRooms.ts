/** Where the page's player holds a seat, asked of the server (docs/online.md, Players and ratings). */
import { roomCodeOf } from '../../wire/contractCodes';
/** The rooms where the player holds a seat (`GET /players/<id>/playing`); none when the server cannot say. */
export async function playingRooms(endpoint: string, id: string, fetcher: typeof fetch = fetch): Promise<string[]> {
  try {
    const answer = await fetcher(`${endpoint.replace(/\/$/, '')}/players/${encodeURIComponent(id)}/playing`);
    const { rooms } = answer.ok ? ((await answer.json()) as { rooms?: unknown }) : {};
    return Array.isArray(rooms) ? rooms.filter((r): r is string => typeof r === 'string' && roomCodeOf(r) === r) : [];
  } catch {
    return [];
  }
}
