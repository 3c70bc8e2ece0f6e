/** axe-core (node_modules/axe-core, injected into the page: no download) finds no serious or critical violation. */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface AxeViolation {
  id: string;
  impact: string;
  targets: string[];
}

/** Runs axe-core on the page (WCAG 2.1 A and AA, best practices); fails on a serious or critical violation; returns all. */
export async function audit(page: Page, what: string): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: resolve('node_modules/axe-core/axe.min.js') });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  const serious = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${what}: ${JSON.stringify(serious)}`).toEqual([]);
  return result;
}
