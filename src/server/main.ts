/**
 * `npm run server -- [options]`: runs the game server until stopped (Ctrl+C). Options and their
 * environment variables are listed by --help; docs/online.md tells how to run one or several.
 */
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { isPostgresUrl } from './db/database';
import { DEFAULT_LIMITS, type ClientLimits, parseLimits, trustedProxies } from './front/limits';
import { DEFAULT_HEAD_SECONDS } from './front/connections';
import { serverLog } from './front/foldedLog';
import { DEFAULT_QUICK_WAIT_SECONDS } from './tables/quickPlay';
import { DEFAULT_APP_PORT, DEFAULT_CLOSING_SECONDS, DEFAULT_GRACE_SECONDS, DEFAULT_KEEP_DAYS, DEFAULT_PORT, DEFAULT_TV_PAUSE_MS, startServer } from './server';
import { DEFAULT_TV_MOVE_MS, TV_PACE_ENV } from './room/tvPace';
import { causeOf } from './db/failures';
import { DEFAULT_RETRY_MAX_MS } from './db/journal';
import { DEFAULT_PRESENCE_SECONDS } from './players/playing';

const USAGE = `usage: npm run server -- [options]   (npm run serve: the same with --app dist)
  --port N             port to listen on (env PORT; default ${DEFAULT_PORT}, ${DEFAULT_APP_PORT} with --app; 0 picks a free one)
  --host ADDRESS       interface to listen on (env HOST; default all)
  --data DIR           directory of the SQLite database (without --database) and of older record files, imported once (env ROLIT_DATA; default ./data)
  --journal DIR        directory of this process's journal of finished rounds, written to the disk before the database
                       and replayed at the next start (env ROLIT_JOURNAL; default --data; best on a disk of the machine's own)
  --db-retry MS        longest pause between tries of a round's write the database failed, and between its checks
                       (env ROLIT_DB_RETRY; default ${DEFAULT_RETRY_MAX_MS}; the database is checked as often, every 5000 at most)
  --keep-days D        days the records of TV's and quick play's rounds that are nobody's games are kept, or off for ever (env ROLIT_KEEP_DAYS; default ${DEFAULT_KEEP_DAYS})
  --grace SECONDS      how long a dropped player keeps the seat (env ROLIT_GRACE; default ${DEFAULT_GRACE_SECONDS})
  --computer-delay MS  pause before a computer's move (env ROLIT_COMPUTER_DELAY; default 600)
  --threads N          worker threads for computer players (env ROLIT_THREADS; default cores - 1, at least 2)
  --quick-wait S       seconds quick play waits for four before seating fewer (env ROLIT_QUICK_WAIT; default ${DEFAULT_QUICK_WAIT_SECONDS})
  --tv-move MS         TV's pace: least time from one move to the next (env ${TV_PACE_ENV.move}; default ${DEFAULT_TV_MOVE_MS})
  --tv-pause MS        TV's pause on a round's result before the next (env ${TV_PACE_ENV.pause}; default ${DEFAULT_TV_PAUSE_MS})
  --database URL       keep players, ratings and games in PostgreSQL (postgres://user:password@host:port/db), shared by
                       every process given it (env DATABASE_URL; default SQLite, the file rolit.sqlite in --data)
  --redis URL          share rooms with other processes through Redis (env REDIS_URL)
  --public-address A   host:port clients reach this process at, with --redis (env PUBLIC_ADDRESS)
  --presence S         seconds this process's rooms stay in Redis's presence unless it renews them: after it dies,
                       its rooms leave GET /players/<id>/playing within this (env ROLIT_PRESENCE; default ${DEFAULT_PRESENCE_SECONDS}, at least 3)
  --app DIR            also serve the built app (npm run build makes dist/) on the same port (env ROLIT_APP)
  --limits SPEC        limits per client address (env ROLIT_LIMITS): off, or name=value pairs, e.g. rooms=50,joins=120
                       rooms      open rooms created at once (default ${DEFAULT_LIMITS.rooms})
                       joins      creates and joins a minute (default ${DEFAULT_LIMITS.joinsPerMinute})
                       guesses    joinById of codes that name no room, a minute (default ${DEFAULT_LIMITS.guessesPerMinute})
                       searches   computer searches running at once (default threads - 1, at least 1)
                       cooldown   seconds shut out after a kick for flooding (default ${DEFAULT_LIMITS.coolDownSeconds})
                       sockets    sockets open at once, HTTP and WebSocket together (default ${DEFAULT_LIMITS.sockets})
                       watchers   spectators in one room (default ${DEFAULT_LIMITS.watchers})
                       reads      list and player requests a minute (default ${DEFAULT_LIMITS.readsPerMinute})
                       keys       player keys created or joined with an hour (default ${DEFAULT_LIMITS.keysPerHour})
                       rounds     rounds started an hour at the tables one address hosts (default ${DEFAULT_LIMITS.roundsPerHour})
                       rated      rated rounds started an hour by the players of one address (default ${DEFAULT_LIMITS.ratedPerHour})
                       keyrated   rated rounds started an hour by one player key, from any address (default ${DEFAULT_LIMITS.keyRatedPerHour})
                       each a whole number or off
  --head-timeout S     seconds a new connection may take to send its request (env ROLIT_HEAD_TIMEOUT; default ${DEFAULT_HEAD_SECONDS})
  --trust-proxy LIST   proxies whose X-Forwarded-For names the client: addresses or networks, comma-separated,
                       e.g. 127.0.0.1,10.0.0.0/8 (env ROLIT_TRUST_PROXY; default none: the socket's address counts)`;

function number(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name}: expected a number >= 0, not ${JSON.stringify(text)}\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string' }, host: { type: 'string' }, data: { type: 'string' }, grace: { type: 'string' },
      'computer-delay': { type: 'string' }, threads: { type: 'string' }, 'quick-wait': { type: 'string' }, redis: { type: 'string' }, database: { type: 'string' },
      'tv-move': { type: 'string' }, 'tv-pause': { type: 'string' },
      'public-address': { type: 'string' }, app: { type: 'string' }, limits: { type: 'string' }, 'trust-proxy': { type: 'string' },
      'head-timeout': { type: 'string' }, 'keep-days': { type: 'string' }, journal: { type: 'string' }, 'db-retry': { type: 'string' }, presence: { type: 'string' },
      help: { type: 'boolean' },
    },
  }).values;
} catch (e) {
  console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const env = process.env;
const threads = args.threads ?? env.ROLIT_THREADS;
const appDir = args.app ?? env.ROLIT_APP;
if (appDir !== undefined && !existsSync(joinPath(appDir, 'index.html'))) {
  console.error(`--app: no built app in ${JSON.stringify(appDir)} (no index.html): run npm run build first`);
  process.exit(2);
}
/** A text option's value, or exits with its error and the usage. */
function checked<T>(name: string, text: string | undefined, parse: (text: string) => T): T | undefined {
  if (text === undefined) return undefined;
  try {
    return parse(text);
  } catch (e) {
    console.error(`--${name}: ${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    process.exit(2);
  }
}
const limits: ClientLimits | undefined = checked('limits', args.limits ?? env.ROLIT_LIMITS, (text) => parseLimits(text));
const trustProxy = args['trust-proxy'] ?? env.ROLIT_TRUST_PROXY;
checked('trust-proxy', trustProxy, trustedProxies);
const keepDays = args['keep-days'] ?? env.ROLIT_KEEP_DAYS;
const port = number('port', args.port ?? env.PORT, appDir === undefined ? DEFAULT_PORT : DEFAULT_APP_PORT);
const server = await startServer({
  port,
  host: args.host ?? env.HOST,
  dataDir: args.data ?? env.ROLIT_DATA ?? 'data',
  graceSeconds: number('grace', args.grace ?? env.ROLIT_GRACE, DEFAULT_GRACE_SECONDS),
  computerDelayMs: number('computer-delay', args['computer-delay'] ?? env.ROLIT_COMPUTER_DELAY, 600),
  threads: threads === undefined ? undefined : Math.max(1, Math.floor(number('threads', threads, 1))),
  quickWaitSeconds: Math.round(number('quick-wait', args['quick-wait'] ?? env.ROLIT_QUICK_WAIT, DEFAULT_QUICK_WAIT_SECONDS)),
  tvMoveMs: number('tv-move', args['tv-move'] ?? env[TV_PACE_ENV.move], DEFAULT_TV_MOVE_MS),
  tvPauseMs: number('tv-pause', args['tv-pause'] ?? env[TV_PACE_ENV.pause], DEFAULT_TV_PAUSE_MS),
  redis: args.redis ?? env.REDIS_URL,
  database: checked('database', args.database ?? env.DATABASE_URL, (text) => {
    if (!isPostgresUrl(text)) throw new Error(`expected a postgres:// URL, not ${JSON.stringify(text.slice(0, 80))}`);
    return text;
  }),
  publicAddress: args['public-address'] ?? env.PUBLIC_ADDRESS,
  appDir,
  limits,
  trustProxy,
  keepDays: keepDays === 'off' ? Infinity : number('keep-days', keepDays, DEFAULT_KEEP_DAYS),
  headSeconds: number('head-timeout', args['head-timeout'] ?? env.ROLIT_HEAD_TIMEOUT, DEFAULT_HEAD_SECONDS) || DEFAULT_HEAD_SECONDS,
  journalDir: args.journal ?? env.ROLIT_JOURNAL,
  retryMs: number('db-retry', args['db-retry'] ?? env.ROLIT_DB_RETRY, DEFAULT_RETRY_MAX_MS) || DEFAULT_RETRY_MAX_MS,
  presenceSeconds: Math.max(3, number('presence', args.presence ?? env.ROLIT_PRESENCE, DEFAULT_PRESENCE_SECONDS)),
}).catch((e: NodeJS.ErrnoException) => {
  // Nothing else to do without the port: end at once, so a supervisor sees it.
  const where = `port ${port}${args.host ?? env.HOST ? ` of ${args.host ?? env.HOST}` : ''}`;
  if (e.code === 'EADDRINUSE') console.error(`rolit server: ${where} is in use (another server?): choose another with --port`);
  // Anything else: the database, the journal's directory... named by its cause (a full disk as such).
  else console.error(`rolit server: cannot start on ${where}: ${causeOf(e)}`);
  process.exit(1);
});
// The last line of defence, behind the front's guard and each room's fault handling: a promise
// rejected with nobody to catch it is logged, not fatal, since the process (every room in play)
// is worth more than the one operation that failed, and nothing was left half-done on a stack.
// An uncaught synchronous exception is different (shared state may be half-updated): it still ends
// the process, for the supervisor to restart.
process.on('unhandledRejection', (reason) => {
  serverLog.line(`rolit server: unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
});
// Tests and scripts read this line to find the port.
console.log(`rolit server listening on port ${server.port}${appDir === undefined ? '' : `, serving the app of ${appDir}`}`);
/** Rooms get their notice and their rounds are saved (docs/online.md); whatever happens, the process ends within 10 s. */
const stop = async (signal: NodeJS.Signals) => {
  console.log(`rolit server stopping (${signal}): rooms close in ${DEFAULT_CLOSING_SECONDS} s`);
  setTimeout(() => {
    console.error('rolit server: the rooms did not close in time; exiting');
    process.exit(1);
  }, 9_500).unref();
  await server.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
