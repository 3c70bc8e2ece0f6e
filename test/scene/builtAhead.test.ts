/** builtAhead.ts: pieces built ahead a task each, each handed out once, then built anew. */
import { describe, expect, it } from 'vitest';
import { buildAhead, builtAhead } from '../../src/scene/builtAhead';

describe('pieces built ahead', () => {
  it('builds each maker in a task of its own and hands out what it built once', async () => {
    const order: string[] = [];
    let made = 0;
    const piece = () => ({ n: ++made });
    const other = () => 'other';
    const building = buildAhead([piece, other]);
    // Nothing is built in the task that asked.
    expect(made).toBe(0);
    const between = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push(`after first task: ${made}`);
        resolve();
      }, 0),
    );
    await Promise.all([building, between]);
    expect(order).toEqual(['after first task: 1']);
    const first = builtAhead(piece);
    expect(first).toEqual({ n: 1 });
    // Taken: a second mount builds its own.
    expect(builtAhead(piece)).toEqual({ n: 2 });
    expect(builtAhead(other)).toBe('other');
    expect(builtAhead(() => 'never built ahead')).toBe('never built ahead');
  });
});
