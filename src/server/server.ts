/**
 * The game server: Colyseus with the `rolit` room, the lobby, quick play and TV on a WebSocket transport. One process is the
 * embedded default (rooms in memory); several processes share rooms through Redis (presence and
 * matchmaking driver), each reachable at its own public address.
 */
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { type MatchMakerDriver, type Presence, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { guardMatchmaking, guardUpgrades, markClientAddresses } from './front/admission';
import { DEFAULT_HEAD_SECONDS, guardConnections } from './front/connections';
import { colyseusLogger, FoldedLog, serverLog } from './front/foldedLog';
import { guardFrames } from './front/frames';
import { botApi } from './bots/botApi';
import { BotCallers } from './front/botCallers';
import { ComputerPool } from './computers/computerPool';
import { openDatabase } from './db/database';
import { DatabaseWatch } from './db/databaseWatch';
import { importRecordFiles } from './db/importRecords';
import { databaseWriter, DEFAULT_RETRY_MAX_MS, RoundJournal } from './db/journal';
import { DatabaseRecords } from './db/recordTable';
import { GameStore } from './db/store';
import type { Level } from '../ai';
import { DEFAULT_SERVER_PORT, LOBBY_ROOM, QUICK_ROOM, ROOM_NAME, TV_ROOM } from '../wire/contract';
import { appFiles } from './front/appFiles';
import { type FrontHandler, type MatchmakingRefusal, pathOf, putInFront, sendBody } from './front/front';
import { type HealthReport, healthRequests } from './front/health';
import { ClientLimiter, type ClientLimits, DEFAULT_LIMITS, trustedProxies } from './front/limits';
import { countedReads } from './front/reads';
import { RolitLobby } from './tables/lobby';
import { DEFAULT_QUICK_WAIT_SECONDS, QuickQueue } from './tables/quickPlay';
import { forgetRequests, playerRequests } from './players/playerRequests';
import { announceForgotten, DEFAULT_PRESENCE_SECONDS, roomsPlaying } from './players/playing';
import { BadRequest, pageAsked, type PagedList, sendPage, type TimeKey, timeKey } from './front/pages';
import { isRecordName, type RecordStore } from './db/records';
import { RolitRoom, type RoomConfig } from './room/rolitRoom';
import { DEFAULT_TV_MOVE_MS } from './room/tvPace';
import { TvRoom } from './tables/tvRoom';
import { challengeTables } from './tables/challengeTable';

export interface ServerConfig {
  /** TCP port; 0 picks a free one (see RunningServer.port). */
  port: number;
  /** Interface to listen on; default all. */
  host?: string;
  /** Directory of the SQLite database (without `database`) and of record files kept before the database, imported once. */
  dataDir: string;
  /** PostgreSQL URL ("postgres://user@host:port/db") of the players, ratings and games several processes share; none for SQLite in dataDir. */
  database?: string;
  /** Seconds a dropped player keeps the seat (default 60). */
  graceSeconds?: number;
  /** Pause before a computer's move (ms, default 600). */
  computerDelayMs?: number;
  /** Worker threads for computer players (default: the cores less one, at least 1). */
  threads?: number;
  /** Redis URL ("redis://host:port") to share rooms with other processes; none for one process. */
  redis?: string;
  /** Address ("host:port") clients reach this process at, when several processes share rooms. */
  publicAddress?: string;
  /** Messages a client may send per second on average (default 10; bursts of twice as many). */
  messagesPerSecond?: number;
  /** Largest message a client may send, in bytes (default 4096): a larger one closes its connection. */
  maxMessageBytes?: number;
  /** Directory of the built app (dist/) to serve on the same port, so the page and its rooms share one origin. */
  appDir?: string;
  /** Seconds the rooms stay open after telling their clients that the server stops (default 5). */
  closingSeconds?: number;
  /** Limits per client address (default DEFAULT_LIMITS of limits.ts). */
  limits?: ClientLimits;
  /** Proxies (addresses and CIDR networks, comma-separated) whose X-Forwarded-For names the client; none by default. */
  trustProxy?: string;
  /** Seconds quick play waits for a group of four before a smaller group gets a table (default 15). */
  quickWaitSeconds?: number;
  /** Seconds a seat reservation holds (default 15, Colyseus's): a quick-play table starts without those who have not come by then. */
  seatReservationSeconds?: number;
  /** Seconds a new socket may take to send its whole request head before it is closed (default 10). */
  headSeconds?: number;
  /** Seconds between the empty lines that keep a bot's idle stream open (default 15; docs/online.md, Bots over HTTP). */
  botKeepAliveSeconds?: number;
  /** Days the records of rounds nobody keeps (TV's, quick play's), unless they are someone's game, are kept (default 30; Infinity for ever). */
  keepDays?: number;
  /** Pause between TV's rounds, on the last one's result (ms, default 5000). */
  tvPauseMs?: number;
  /** TV's pace: the least time from one of its moves to the next (ms, default 2000). */
  tvMoveMs?: number;
  /** Levels of TV's four computers (default serverTable.ts TV_LEVELS, dealt at random). */
  tvLevels?: Level[];
  /** Directory of this process's journal of rounds to keep (db/journal.ts; default dataDir). */
  journalDir?: string;
  /** Longest pause between tries of a round's write that failed (ms, default 10000); the database is checked as often, every 5 s at most. */
  retryMs?: number;
  /** Seconds a room stays in the presence unless its process renews it (default 30): a dead process's rooms leave `/playing` within it. */
  presenceSeconds?: number;
}

export interface RunningServer {
  port: number;
  /** Takes no more rooms, saves the rounds in play, tells every client (`closing`) and closes the rooms after the notice. */
  stop(): Promise<void>;
}

export const DEFAULT_PORT = DEFAULT_SERVER_PORT;
/** Port of the process that serves the app and its rooms (`npm run serve`): beside a dev server's game server on 2567. */
export const DEFAULT_APP_PORT = 8080;
export const DEFAULT_GRACE_SECONDS = 60;
/** Seconds between the `closing` notice and the rooms closing when the server stops: time to read it, well within 10 s. */
export const DEFAULT_CLOSING_SECONDS = 5;
/** Seconds a seat reservation holds: Colyseus's default, time for a slow phone to open the connection. */
export const DEFAULT_SEAT_RESERVATION_SECONDS = 15;
/** Pause between TV's rounds: time to see the result before the next throw. */
export const DEFAULT_TV_PAUSE_MS = 5000;
/** Days TV's and quick play's records are kept: time to look back at a round seen, and bounded disk. */
export const DEFAULT_KEEP_DAYS = 30;
/** How often records past their time are deleted. */
const EXPIRY_INTERVAL_MS = 3_600_000;
/** How often the database is checked (or as often as a write is tried again, when that is more often). */
const DATABASE_CHECK_MS = 5000;

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const trusted = config.trustProxy ? trustedProxies(config.trustProxy) : null;
  const limits = config.limits ?? DEFAULT_LIMITS;
  const limiter = new ClientLimiter(limits);
  // Two threads at least, so that a search of one address never holds up every other room's.
  const pool = new ComputerPool(config.threads ?? Math.max(2, availableParallelism() - 1), { perOwner: limits.searches });
  const store = GameStore.of(await openDatabase(config.dataDir, config.database));
  const imported = await importRecordFiles(store, config.dataDir);
  if (imported > 0) console.log(`rolit server: imported ${imported} record files into the database`);
  const records = new DatabaseRecords(store.db);
  const retryMaxMs = config.retryMs ?? DEFAULT_RETRY_MAX_MS;
  const watch = new DatabaseWatch(store.db, () => journal.wake());
  // Its own folded log: what clients make Colyseus log never crowds out why rounds wait.
  const journal = await RoundJournal.open(config.journalDir ?? config.dataDir, databaseWriter(store, records), {
    retryMaxMs,
    log: new FoldedLog((line) => console.error(line)),
    answers: () => watch.check(),
  });
  watch.start(Math.min(DATABASE_CHECK_MS, retryMaxMs));
  const keepMs = (config.keepDays ?? DEFAULT_KEEP_DAYS) * 86_400_000;
  const expire = () => {
    if (keepMs !== Infinity) records.expire(keepMs).catch((e: unknown) => console.error(`rolit records: deleting old records: ${e instanceof Error ? e.message : String(e)}`));
  };
  expire();
  const expiry = setInterval(expire, EXPIRY_INTERVAL_MS).unref();
  const roomConfig: RoomConfig = {
    journal,
    presenceSeconds: config.presenceSeconds ?? DEFAULT_PRESENCE_SECONDS,
    graceSeconds: config.graceSeconds ?? DEFAULT_GRACE_SECONDS,
    computerDelayMs: config.computerDelayMs ?? 600,
    pool,
    messagesPerSecond: config.messagesPerSecond ?? 10,
    messageBurst: 2 * (config.messagesPerSecond ?? 10),
    closingSeconds: config.closingSeconds ?? DEFAULT_CLOSING_SECONDS,
    limiter,
    tvPauseMs: config.tvPauseMs ?? DEFAULT_TV_PAUSE_MS,
    tvMoveMs: config.tvMoveMs ?? DEFAULT_TV_MOVE_MS,
    seatReservationSeconds: config.seatReservationSeconds ?? DEFAULT_SEAT_RESERVATION_SECONDS,
  };
  let presence: Presence | undefined;
  let driver: MatchMakerDriver | undefined;
  /** The connections to Redis: one for the presence (which makes another for its subscriptions from it), one for the rooms' registry. */
  let redisClients: { status: string }[] = [];
  if (config.redis) {
    const [{ RedisPresence }, { RedisDriver }, { Redis }] = await Promise.all([import('@colyseus/redis-presence'), import('@colyseus/redis-driver'), import('ioredis')]);
    const shared = new Redis(config.redis);
    const rooms = new Redis(config.redis);
    // The presence logs its connection's failures; the registry's are logged here, once a cause and minute. ioredis connects again by itself.
    rooms.on('error', (e: Error) => serverLog.line(`rolit server: Redis: ${e.message}`));
    presence = new RedisPresence(shared);
    driver = new RedisDriver(rooms);
    redisClients = [shared, rooms];
  }
  /** Why rooms cannot be shared now (Redis gone), or null. */
  const redisDown = () => {
    const lost = redisClients.find((c) => c.status !== 'ready');
    return lost ? `the connection to Redis is ${lost.status === 'end' ? 'closed' : lost.status}` : null;
  };
  const transport = new WebSocketTransport({ maxPayload: config.maxMessageBytes ?? 4096, beforeUpgrade: guardUpgrades(limiter) });
  const server = new Server({
    transport,
    presence,
    driver,
    publicAddress: config.publicAddress,
    greet: false,
    gracefullyShutdown: false,
    logger: colyseusLogger(serverLog),
  });
  guardFrames();
  const http = transport.server!;
  // Bots' streams join as clients of this process; each counts against the address that opened it.
  const callers = new BotCallers();
  // Listed tables (create option `listed`) show in the lobby as they change.
  server.define(ROOM_NAME, RolitRoom, { config: roomConfig }).enableRealtimeListing().on('dispose', (room) => limiter.roomClosed(room.roomId));
  server.define(LOBBY_ROOM, RolitLobby, { config: roomConfig });
  server.define(QUICK_ROOM, QuickQueue, { matchRoomName: ROOM_NAME, config: roomConfig, waitSeconds: config.quickWaitSeconds ?? DEFAULT_QUICK_WAIT_SECONDS });
  server.define(TV_ROOM, TvRoom, { config: roomConfig, levels: config.tvLevels });
  const unguard = guardMatchmaking(limiter);
  const prune = setInterval(() => limiter.prune(), 60_000).unref();
  try {
    // Colyseus logs a failure to listen (a port in use) and waits for ever: the error ends the start here.
    await Promise.race([server.listen(config.port, config.host), new Promise<never>((_, reject) => http.once('error', reject))]);
  } catch (e) {
    clearInterval(prune);
    clearInterval(expiry);
    unguard();
    await journal.close();
    watch.stop();
    await pool.close();
    await store.close();
    throw e;
  }
  let stopping = false;
  const port = (http.address() as AddressInfo).port;
  // Bots' streams join the rooms as clients of this process, each on behalf of its caller's address.
  const report = (): HealthReport => {
    const down: Record<string, string> = {};
    const { waiting, setAside, failing } = journal.state();
    const database = watch.down() ?? failing;
    if (database !== null) down.database = database;
    const redis = redisDown();
    if (redis !== null) down.redis = redis;
    return { down, journal: { waiting, setAside } };
  };
  const unavailable = (): MatchmakingRefusal | null => {
    const redis = redisDown();
    return redis === null ? null : `unavailable: rooms cannot be created or joined now (${redis}); try again in a moment`;
  };
  const refusal = (): MatchmakingRefusal | null => (stopping ? 'closing: the server is stopping; come back in a moment' : unavailable());
  const bots = botApi({
    endpoint: `http://${ownHost(config.host)}:${port}`,
    callers,
    limiter,
    tables: challengeTables,
    keepAliveSeconds: config.botKeepAliveSeconds,
    holdSeconds: roomConfig.seatReservationSeconds,
    unavailable,
  });
  putInFront(
    http,
    [healthRequests(() => stopping, report), countedReads(limiter, [recordRequests(records), playerRequests(store, roomsPlaying)]), bots.get, ...(config.appDir ? [appFiles(config.appDir)] : [])],
    refusal,
    [bots.post, forgetRequests(store, announceForgotten)],
  );
  markClientAddresses(http, trusted, callers);
  // After putInFront, which takes over the request listeners: a request's head is timed, never the answer (a bot's stream lasts).
  guardConnections(http, limits.sockets, (config.headSeconds ?? DEFAULT_HEAD_SECONDS) * 1000, trusted, callers);
  return {
    port,
    async stop() {
      stopping = true;
      // The bots' streams get the rooms' notice (or the bridge's, for a room of another process) and end with it.
      const botsStopped = bots.stop(roomConfig.closingSeconds);
      await server.gracefullyShutdown(false);
      await botsStopped;
      // The rooms' last rounds are in the journal: written now if the database takes them, else at the next start.
      await journal.close();
      watch.stop();
      await pool.close();
      await store.close();
      clearInterval(prune);
      clearInterval(expiry);
      unguard();
    },
  };
}

/** An address of this process for its own connections: the interface it listens on, loopback when all. */
function ownHost(host: string | undefined): string {
  if (host === undefined || host === '' || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** How `GET /records` is paged: newest first, 100 names a page unless `limit` (at most 1000) says otherwise. */
const RECORD_LIST: PagedList<TimeKey> = { defaultLimit: 100, maxLimit: 1000, key: (values) => timeKey(values, isRecordName) };

/**
 * Saved rounds over HTTP, for the page's replay and for anyone with the server's address, from
 * the database (every process sharing it lists the same): `GET /records` lists the records'
 * names a page at a time, newest first (pages.ts; a round saved unfinished ends in
 * `-unfinished.rolit`); a bad parameter gets 400. `GET /records/<name>` gives one. Readable from
 * pages of any origin.
 */
function recordRequests(records: RecordStore): FrontHandler {
  const cors = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
  const text = { ...cors, 'content-type': 'text/plain; charset=utf-8' };
  return async (req, res) => {
    const path = pathOf(req);
    if (path !== '/records' && (path === null || !path.startsWith('/records/'))) return false;
    try {
      if (path === '/records') {
        const asked = pageAsked(req, RECORD_LIST);
        sendPage(req, res, await records.list(asked.limit, asked.after), asked, cors);
        return true;
      }
      const name = path.slice('/records/'.length);
      const record = await records.read(name);
      if (record === null) sendBody(req, res, 404, text, `no record named ${JSON.stringify(name.slice(0, 80))}`);
      else sendBody(req, res, 200, text, record);
    } catch (e) {
      // As every list's (pages.ts): the reason in JSON.
      if (e instanceof BadRequest) return sendBody(req, res, 400, { ...cors, 'content-type': 'application/json' }, JSON.stringify({ error: e.message })), true;
      console.error(`rolit server: ${path.slice(0, 80)}: ${e instanceof Error ? e.message : String(e)}`);
      sendBody(req, res, 500, text, 'the database did not answer');
    }
    return true;
  };
}
