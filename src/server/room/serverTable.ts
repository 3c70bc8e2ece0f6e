/**
 * A `rolit` room the server sets up itself (docs/online.md, Quick play and TV) rather than a
 * client's create: its rules and seats, who sits in them and how it starts. The room gets it as
 * the create option `table`, an instance of this class, which no client's request (JSON) can forge.
 */
import type { Level } from '../../ai';
import type { SeatSpec } from '../../wire/contract';

/** Level of the computers on the seats of a quick-play table that no player took. */
export const QUICK_COMPUTER: Level = 'tactician';

/** Levels of TV's computers, dealt to the seats in a random order for each TV room. */
export const TV_LEVELS: readonly Level[] = ['greedy', 'tactician', 'strategist', 'master'];

export class ServerTable {
  private constructor(
    readonly kind: 'quick' | 'tv',
    readonly seats: readonly SeatSpec[],
    /** Quick play: the group's sessions, each holding a seat reservation; they take the seats in the order they arrive. */
    readonly players: readonly string[],
  ) {}

  /** A quick-play table for a group of one to four: 8x8, four colours, standard rules, tacticians on the seats left. */
  static quick(sessions: readonly string[]): ServerTable {
    const seats: SeatSpec[] = [0, 1, 2, 3].map((i) => (i < sessions.length ? { kind: 'human' } : { kind: 'computer', level: QUICK_COMPUTER }));
    return new ServerTable('quick', seats, sessions);
  }

  /** A TV table: four computers of the given levels, in a random seat order. */
  static tv(levels: readonly Level[] = TV_LEVELS, random: () => number = Math.random): ServerTable {
    const dealt = [...levels];
    for (let i = dealt.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [dealt[i], dealt[j]] = [dealt[j], dealt[i]];
    }
    return new ServerTable('tv', dealt.map((level) => ({ kind: 'computer', level })), []);
  }

  /** The create options of the table's rules and seats (its creator, a spectator, never joins). */
  get options(): Record<string, unknown> {
    return { name: this.kind, spectator: true, seats: this.seats };
  }
}
