/**
 * A Chromium trace of a page, for the browser tests that measure the main thread: which tasks ran
 * on the renderer's main thread, with their wall time (dur) and thread CPU time (tdur).
 */
import type { Page } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** One task of the main thread's scheduler: the unit "long task" figures count. */
export const RUN_TASK = 'ThreadControllerImpl::RunTask';

/** Microseconds (trace time) to whole milliseconds. */
export const ms = (us = 0) => Math.round(us / 1000);

/**
 * Starts tracing the page with these categories; the function it returns ends the trace and gives
 * the complete events ('X') of the renderer's main thread.
 */
export async function startTrace(page: Page, categories: string): Promise<() => Promise<TraceEvent[]>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  return async () => {
    await cdp.send('Tracing.end');
    await complete;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    if (!main) throw new Error('the trace has no renderer main thread (CrRendererMain)');
    return events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  };
}
