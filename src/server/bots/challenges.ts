/**
 * Challenges and each player's events (docs/online.md, Challenges), as lichess' Bot API has
 * them: `POST /bot/challenges` with `{ to, options }` challenges a player to a table; the
 * challenged player accepts (`/accept`: a table is set up and both players' event streams get
 * `gameStart` with its code) or declines it (`/decline`), the challenger may cancel it
 * (`/cancel`), and it expires after CHALLENGE_SECONDS. `GET /bot/events` is a player's stream
 * of these events (playerEvents.ts) and of their games' ends.
 *
 * A challenge lives in Colyseus' presence and every event goes through its channels, so with
 * Redis a challenge posted to one process reaches a player whose stream is on another, and is
 * answered through any. Its first answer wins (a counter in the presence): an accept racing a
 * decline, a cancel or the expiry sets up one table or none.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ChallengeOptions, challengeRequest, issuesText } from '../../wire/contract';
import { LIMIT_STATUS, requestAddress } from '../front/admission';
import type { ClientLimiter } from '../front/limits';
import { hearPlayer, type PlayerEvent, tellPlayer } from '../players/playerEvents';
import { playerIdOf } from '../players/playerId';
import { type Answer, jsonObject } from './botTables';
import { LineStream } from './lineStream';
import { type OpenStream, type StreamContext, stoppedLine } from './roomStream';

/** Seconds a challenge waits for its answer. */
export const CHALLENGE_SECONDS = 300;
/** Challenges one player may have waiting at once. */
export const OPEN_CHALLENGES = 10;

/** How challenges' tables are set up (tables/challengeTable.ts: the bot API calls no room itself). */
export interface ChallengeTables {
  /** Why a challenge's table could not be set up (`<code>: <explanation>`, the codes of Joining), or null. */
  refusal(options: ChallengeOptions): string | null;
  /** Sets up the table on this process, the seats held for the challenger and the challenged player: its room code. */
  open(options: ChallengeOptions, challenger: string, challenged: string): Promise<string>;
}

/** A challenge as it is kept and told: `challenge` events carry it. */
interface Challenge {
  id: string;
  from: string;
  to: string;
  options: ChallengeOptions;
  /** When it expires (ms since 1970). */
  expiresAt: number;
}

const challengeKey = (id: string) => `rolit:challenge:${id}`;
const claimKey = (id: string) => `rolit:challengeAnswered:${id}`;
const playerChallenges = (player: string) => `rolit:challengesOf:${player}`;

export class Challenges {
  /** Expiries of the challenges posted here. */
  private readonly expiries = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly ctx: StreamContext,
    private readonly tables: ChallengeTables,
    private readonly limiter: ClientLimiter,
  ) {}

  private get presence() {
    return this.ctx.presence;
  }

  /** `POST /bot/challenges`: 201 `{ id }`; 400 for a challenge of the wrong shape or a table the rules refuse, 429 past a limit. */
  async post(req: IncomingMessage, key: string, body: string): Promise<Answer> {
    const value = jsonObject(body);
    if ('problem' in value) return { status: 400, body: { error: value.problem } };
    const parsed = challengeRequest.safeParse(value);
    if (!parsed.success) return { status: 400, body: { error: issuesText(parsed.error, 'body') } };
    const from = playerIdOf(key);
    const { to, options } = parsed.data;
    if (to === from) return { status: 400, body: { error: 'to: a player cannot challenge themselves' } };
    const refusal = this.tables.refusal(options);
    if (refusal) return { status: 400, body: { error: refusal } };
    if ((await this.waiting(from)).filter((c) => c.from === from).length >= OPEN_CHALLENGES) {
      return { status: LIMIT_STATUS, body: { error: `tooManyChallenges: at most ${OPEN_CHALLENGES} challenges of one player wait for an answer at once` } };
    }
    const limit = this.limiter.takeJoin(requestAddress(req));
    if (limit) return { status: LIMIT_STATUS, body: { error: `${limit.code}: ${limit.text}` } };
    const challenge: Challenge = { id: randomBytes(9).toString('base64url'), from, to, options, expiresAt: Date.now() + CHALLENGE_SECONDS * 1000 };
    await this.presence.setex(challengeKey(challenge.id), JSON.stringify(challenge), CHALLENGE_SECONDS);
    for (const player of [from, to]) await this.presence.sadd(playerChallenges(player), challenge.id);
    this.expiries.set(challenge.id, setTimeout(() => void this.expire(challenge).catch((e: unknown) => logFailure('expiring a challenge', e)), CHALLENGE_SECONDS * 1000).unref());
    await this.tell(challenge, { type: 'challenge', ...challenge });
    return { status: 201, body: { id: challenge.id } };
  }

  /**
   * `POST /bot/challenges/<id>/accept`, `/decline` (the challenged player) or `/cancel` (the
   * challenger): 200; 404 for a challenge that is not waiting (never was, answered, expired), 403
   * for a key that is not the one to answer it.
   */
  async answer(key: string, id: string, what: string): Promise<Answer> {
    const challenge = await this.find(id);
    if (!challenge) return { status: 404, body: { error: `no challenge "${id.slice(0, 40)}" waits for an answer (it never was, was answered or canceled, or expired)` } };
    const player = playerIdOf(key);
    const answerer = what === 'cancel' ? challenge.from : challenge.to;
    if (player !== answerer) return { status: 403, body: { error: `only the ${what === 'cancel' ? 'challenger' : 'challenged player'} can ${what} this challenge` } };
    if (!(await this.claim(challenge))) return { status: 404, body: { error: `the challenge "${id}" was answered already` } };
    if (what === 'decline') return this.tell(challenge, { type: 'challengeDeclined', id }).then(() => ({ status: 200, body: { ok: true } }));
    if (what === 'cancel') return this.tell(challenge, { type: 'challengeCanceled', id, reason: 'canceled' }).then(() => ({ status: 200, body: { ok: true } }));
    let room: string;
    try {
      room = await this.tables.open(challenge.options, challenge.from, challenge.to);
    } catch (e) {
      const error = `the table could not be set up: ${e instanceof Error ? e.message : String(e)}`;
      await this.tell(challenge, { type: 'challengeCanceled', id, reason: error });
      return { status: 503, body: { error } };
    }
    await this.tell(challenge, { type: 'gameStart', room, challenge: id });
    return { status: 200, body: { room } };
  }

  /** `GET /bot/events`: the player's events as NDJSON lines, starting with the challenges to or from them that wait. */
  async events(req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
    const player = playerIdOf(key);
    const stream = new LineStream(res, this.ctx.keepAliveMs);
    const told = new Set<string>();
    const line = (event: PlayerEvent) => {
      // A challenge heard while the waiting ones were listed is told once.
      if (event.type === 'challenge' && told.has(String(event.id))) return;
      if (event.type === 'challenge') told.add(String(event.id));
      stream.line(event);
    };
    const stopHearing = await hearPlayer(this.presence, player, line);
    const open: OpenStream = {
      stop: (seconds) => {
        stream.line({ type: 'closing', seconds });
        setTimeout(() => stoppedLine(stream), seconds * 1000).unref();
      },
      end: () => stoppedLine(stream),
    };
    this.ctx.open.add(open);
    stream.onEnd(() => {
      stopHearing();
      this.ctx.open.delete(open);
    });
    stream.open(req);
    for (const challenge of await this.waiting(player)) line({ type: 'challenge', ...challenge });
  }

  /** Stops the expiry timers (the server stops; the challenges expire in the presence all the same). */
  stop(): void {
    for (const timer of this.expiries.values()) clearTimeout(timer);
    this.expiries.clear();
  }

  /** The challenges to or from `player` that wait for an answer (those gone are forgotten on the way). */
  private async waiting(player: string): Promise<Challenge[]> {
    const ids = await this.presence.smembers(playerChallenges(player));
    const found = await Promise.all(ids.map((id) => this.find(id)));
    for (const [i, id] of ids.entries()) if (!found[i]) await this.presence.srem(playerChallenges(player), id);
    return found.filter((c): c is Challenge => c !== null).sort((a, b) => a.expiresAt - b.expiresAt);
  }

  private async find(id: string): Promise<Challenge | null> {
    if (!/^[A-Za-z0-9_-]{12}$/.test(id)) return null;
    const text = (await this.presence.get(challengeKey(id))) as string | null | undefined;
    return text ? (JSON.parse(text) as Challenge) : null;
  }

  /** The first answer to a challenge wins it (true), once, on any process; the challenge is then gone. */
  private async claim(challenge: Challenge): Promise<boolean> {
    const first = (await this.presence.incr(claimKey(challenge.id))) === 1;
    await this.presence.expire(claimKey(challenge.id), CHALLENGE_SECONDS);
    if (!first) return false;
    clearTimeout(this.expiries.get(challenge.id));
    this.expiries.delete(challenge.id);
    this.presence.del(challengeKey(challenge.id));
    for (const player of [challenge.from, challenge.to]) await this.presence.srem(playerChallenges(player), challenge.id);
    return true;
  }

  private async expire(challenge: Challenge): Promise<void> {
    this.expiries.delete(challenge.id);
    if (await this.claim(challenge)) await this.tell(challenge, { type: 'challengeCanceled', id: challenge.id, reason: 'expired' });
  }

  /** Tells both players of a challenge. */
  private async tell(challenge: Challenge, event: PlayerEvent): Promise<void> {
    await Promise.all([challenge.from, challenge.to].map((player) => tellPlayer(this.presence, player, event)));
  }
}

function logFailure(what: string, e: unknown): void {
  console.error(`rolit bots: ${what}: ${e instanceof Error ? e.message : String(e)}`);
}
