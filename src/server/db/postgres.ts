/**
 * The pool of PostgreSQL connections (node-postgres), made to outlive its server: a restart or an
 * outage of any length ends no process (docs/online.md, Failures). node-postgres emits `error` on
 * a pooled connection the server ends (a restart: "terminating connection due to administrator
 * command"), idle in the pool or held by a query; an `error` event nobody listens to ends the
 * process, so the pool and every connection it makes have a listener that logs it. A connection
 * that failed is dropped by the pool, and the next query opens a new one: nothing to re-make by hand.
 */
import type { Pool } from 'pg';
import { serverLog } from '../front/foldedLog';
import { causeOf } from './failures';

/** Connections at most per process. */
const MAX_CONNECTIONS = 5;
/** A connection not made in this time fails (a server that does not answer, not only one that refuses). */
const CONNECT_TIMEOUT_MS = 5000;
/** A query with no answer in this time fails, so that a network that drops packets holds no write for ever. */
const QUERY_TIMEOUT_MS = 60_000;

export async function postgresPool(url: string): Promise<Pool> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: MAX_CONNECTIONS, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS, keepAlive: true });
  // Every connection's failure, idle or held by a query (which fails with it): logged once a cause and minute.
  pool.on('connect', (client) => client.on('error', (e) => serverLog.line(`rolit database: a connection to PostgreSQL failed: ${causeOf(e)}; the next query opens another`)));
  // The pool repeats an idle connection's failure, logged above: heard here so that it ends nothing.
  pool.on('error', () => {});
  return pool;
}
