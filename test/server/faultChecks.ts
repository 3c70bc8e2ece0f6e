/** Checks shared by the tests of failing parts (faults.test.ts, diskFull.test.ts): `/health` as a load balancer polls it. */
import type { ChildProcess } from 'node:child_process';
import type { HealthAnswer } from '../../src/server/front/health';

export async function health(endpoint: string): Promise<{ status: number; body: HealthAnswer }> {
  const answer = await fetch(`${endpoint}/health`);
  return { status: answer.status, body: (await answer.json()) as HealthAnswer };
}

/** Polls `/health` every 100 ms until `test` holds, for at most `ms`; gives the answer that held. */
export async function healthWhen(endpoint: string, test: (status: number, body: HealthAnswer) => boolean, what: string, ms: number): Promise<HealthAnswer> {
  let last: unknown = null;
  for (const until = Date.now() + ms; Date.now() < until; ) {
    const { status, body } = await health(endpoint);
    if (test(status, body)) return body;
    last = { status, body };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/health did not say ${what} within ${ms / 1000} s; it said ${JSON.stringify(last)}`);
}

/** Kills a process as a crash would (SIGKILL: nothing of it runs after), resolving once it is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
