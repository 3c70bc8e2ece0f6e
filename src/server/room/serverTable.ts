/**
 * A `rolit` room the server sets up itself (docs/online.md, Quick play, TV and Challenges) rather
 * than a client's create: its rules and seats, who sits in them and how it starts. The room gets
 * it as the create option `table`, an instance of this class, which no client's request (JSON) can forge.
 */
import type { Level } from '../../ai';
import { type Colour, PLAYER_COLOURS } from '../../engine';
import type { ChallengeOptions, SeatSpec } from '../../wire/contract';

/** Level of the computers on the seats of a quick-play or challenge table that no player took. */
export const QUICK_COMPUTER: Level = 'tactician';

/** Seconds a challenge's table waits for its two players (they come from their event streams) before it may close empty. */
export const CHALLENGE_ARRIVAL_SECONDS = 60;

/** Levels of TV's computers, dealt to the seats in a random order for each TV room. */
export const TV_LEVELS: readonly Level[] = ['greedy', 'tactician', 'strategist', 'master'];

export class ServerTable {
  private constructor(
    readonly kind: 'quick' | 'tv' | 'challenge',
    /** The create options of the table's rules and seats (its creator, a spectator, never joins). */
    readonly options: Record<string, unknown>,
    /** Quick play: the group's sessions, each holding a seat reservation; they take the seats in the order they arrive. */
    readonly players: readonly string[] = [],
    /** A challenge: the challenger's and the challenged player's public ids, and the challenger's colour (none: the first seat for a person). */
    readonly challenge: { players: readonly [string, string]; colour?: Colour } | null = null,
  ) {}

  /** A quick-play table for a group of one to four: 8x8, four colours, standard rules, tacticians on the seats left. */
  static quick(sessions: readonly string[]): ServerTable {
    const seats: SeatSpec[] = [0, 1, 2, 3].map((i) => (i < sessions.length ? { kind: 'human' } : { kind: 'computer', level: QUICK_COMPUTER }));
    return new ServerTable('quick', { name: 'quick', spectator: true, seats }, sessions);
  }

  /** A TV table: four computers of the given levels, in a random seat order. */
  static tv(levels: readonly Level[] = TV_LEVELS, random: () => number = Math.random): ServerTable {
    const dealt = [...levels];
    for (let i = dealt.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [dealt[i], dealt[j]] = [dealt[j], dealt[i]];
    }
    return new ServerTable('tv', { name: 'tv', spectator: true, seats: dealt.map((level): SeatSpec => ({ kind: 'computer', level })) });
  }

  /**
   * A challenge's table (docs/online.md, Challenges): the challenge's rules (red and green unless
   * its options name colours or seats), the challenger's seat and the challenged player's held for
   * their keys; it starts by itself once both have come, computers on the seats for people left.
   */
  static challenge(options: ChallengeOptions, challenger: string, challenged: string): ServerTable {
    const { colour, name: _name, ...rules } = options;
    const colours = rules.colours ?? (rules.seats ? undefined : PLAYER_COLOURS[2]);
    return new ServerTable('challenge', { ...rules, ...(colours ? { colours } : {}), name: 'challenge', spectator: true }, [], { players: [challenger, challenged], colour });
  }
}
