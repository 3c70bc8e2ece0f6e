/**
 * Challenges at a page (docs/online.md, Challenges and events; play-online.md): the page's
 * player challenges another from the leaderboard and answers the challenges to them from their
 * profile, as bots do, with the same requests and the player's key. While a dialog watches (or a
 * challenge the page sent waits) the page follows the player's events (`GET /bot/events`): the
 * challenges that wait, their answers, and `gameStart`, on which the page goes to the table
 * (the key takes the seat held for the player). What fails is a PlayersError, worded in the page's language.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { PlayersError } from './players';

/** A challenge to or from the page's player, as the server tells it. */
export interface Challenge {
  id: string;
  /** Public ids of the challenger and the challenged player. */
  from: string;
  to: string;
  /** The table's options: `name` is the challenger's. */
  options: { name: string; size?: number; variant?: string; misere?: boolean; timeLimit?: number };
  expiresAt: number;
}

export interface ChallengesState {
  /** The challenges to or from the player that wait for an answer, oldest first. */
  waiting: Challenge[];
  /** The latest answer to a challenge of the player's that started no game. */
  outcome: { kind: 'declined' | 'canceled' | 'expired'; challenge: Challenge } | null;
}

export interface ChallengeDeps {
  endpoint: string;
  /** The page's player key; null while it has none. */
  key(): string | null;
  /** The page's player's public id. */
  id(): Promise<string | null>;
  /** A challenge of the player's was accepted: its table's code. */
  gameStart(room: string): void;
  fetcher?: typeof fetch;
  /** Wait before the events are asked again after their stream ended (ms). */
  retryMs?: number;
}

export interface Challenges {
  store: StoreApi<ChallengesState>;
  /** Follows the player's events until the returned function is called (and while a challenge the page sent waits). */
  watch(): () => void;
  /** Challenges the player of `to` to a table of the server's defaults (two players, 8x8), the page's player named `name`. */
  send(to: string, name: string): Promise<void>;
  /** Accepts (the page then goes to the table on `gameStart`) or declines a challenge to the player, or cancels one of theirs. */
  answer(id: string, answer: 'accept' | 'decline' | 'cancel'): Promise<void>;
}

/** How long a challenge waits for its answer (the server's 5 minutes). */
const CHALLENGE_MS = 300_000;

const isChallenge = (v: unknown): v is Challenge => {
  const c = v as Partial<Challenge> | null;
  return typeof c?.id === 'string' && typeof c.from === 'string' && typeof c.to === 'string' && typeof c.options?.name === 'string' && typeof c.expiresAt === 'number';
};

export function createChallenges(deps: ChallengeDeps): Challenges {
  const fetcher = deps.fetcher ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = deps.endpoint.replace(/\/$/, '');
  const store = createStore<ChallengesState>(() => ({ waiting: [], outcome: null }));
  let watchers = 0;
  let abort: AbortController | null = null;
  let myId: string | null = null;
  /** The tables gone to: the accept's answer and the `gameStart` event both name one; the page goes once. */
  const started = new Set<string>();
  const goTo = (room: string) => {
    if (started.has(room)) return;
    started.add(room);
    deps.gameStart(room);
  };

  const wanted = () => watchers > 0 || store.getState().waiting.some((c) => c.from === myId);

  function heard(event: Record<string, unknown>): void {
    const { waiting } = store.getState();
    const gone = (id: unknown) => waiting.filter((c) => c.id !== id);
    const which = waiting.find((c) => c.id === event.id || c.id === event.challenge);
    if (event.type === 'challenge' && isChallenge(event) && !which) store.setState({ waiting: [...waiting, event] });
    else if (event.type === 'challengeDeclined' && which) store.setState({ waiting: gone(which.id), outcome: { kind: 'declined', challenge: which } });
    else if (event.type === 'challengeCanceled' && which) store.setState({ waiting: gone(which.id), outcome: { kind: event.reason === 'expired' ? 'expired' : 'canceled', challenge: which } });
    else if (event.type === 'gameStart' && typeof event.room === 'string' && which) {
      store.setState({ waiting: gone(which.id) });
      goTo(event.room);
    }
    if (!wanted()) stop();
  }

  async function follow(controller: AbortController): Promise<void> {
    const key = deps.key();
    if (!key) return;
    myId = await deps.id();
    const answer = await fetcher(`${base}/bot/events`, { headers: { authorization: `Bearer ${key}` }, signal: controller.signal });
    if (!answer.ok || !answer.body) throw new PlayersError('status', { status: answer.status }, `the server answered ${answer.status}`);
    const reader = answer.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end).trim();
        buffer = buffer.slice(end + 1);
        if (line) heard(JSON.parse(line) as Record<string, unknown>);
      }
    }
  }

  function start(): void {
    if (abort) return;
    const controller = (abort = new AbortController());
    const again = () => {
      if (abort !== controller) return;
      abort = null;
      // The stream ended (the server restarted, the network went): asked again while still wanted.
      if (wanted()) setTimeout(() => wanted() && start(), deps.retryMs ?? 5000);
    };
    follow(controller).then(again, again);
  }

  function stop(): void {
    abort?.abort();
    abort = null;
  }

  async function post(path: string, body?: unknown): Promise<unknown> {
    const key = deps.key();
    if (!key) throw new PlayersError('status', { status: 401 }, 'this page has no player key yet');
    let answer: Response;
    try {
      answer = await fetcher(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    } catch (e) {
      throw new PlayersError('unreachable', { server: deps.endpoint }, `the game server at ${deps.endpoint} cannot be reached (${e instanceof Error ? e.message : String(e)})`);
    }
    if (!answer.ok) throw new PlayersError('status', { status: answer.status }, `the server answered ${answer.status}`);
    return answer.json().catch(() => null);
  }

  return {
    store,
    watch() {
      watchers++;
      start();
      return () => {
        watchers--;
        if (!wanted()) stop();
      };
    },
    async send(to, name) {
      const options = { name };
      const sent = (await post('/bot/challenges', { to, options })) as { id?: unknown } | null;
      myId ??= await deps.id();
      // It waits from now on (its event may come later, or after the dialog closed): the page follows its answer.
      if (typeof sent?.id === 'string' && myId && !store.getState().waiting.some((c) => c.id === sent.id)) {
        store.setState({ waiting: [...store.getState().waiting, { id: sent.id, from: myId, to, options, expiresAt: Date.now() + CHALLENGE_MS }] });
      }
      start();
    },
    async answer(id, answer) {
      const answered = (await post(`/bot/challenges/${encodeURIComponent(id)}/${answer}`)) as { room?: unknown } | null;
      // Answered here: it waits no more (the event says so to the other player).
      store.setState({ waiting: store.getState().waiting.filter((c) => c.id !== id) });
      if (answer === 'accept' && typeof answered?.room === 'string') goTo(answered.room);
    },
  };
}
