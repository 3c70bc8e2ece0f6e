import { describe, expect, it } from 'vitest';
import { pageOwned } from '../../src/app/page/pageOwned';

describe('the page-owned instance', () => {
  it('reading it before it is started says what to call', () => {
    const owned = pageOwned<{ id: number }>('the widget', 'initWidget', () => undefined);
    expect(() => owned.current()).toThrow('the widget is not started: call initWidget first');
  });

  it('starting it again ends the earlier one before creating the next', () => {
    const log: string[] = [];
    const owned = pageOwned<{ id: number }>('the widget', 'initWidget', (earlier) => log.push(`end ${earlier.id}`));
    owned.start(() => (log.push('create 1'), { id: 1 }));
    const second = owned.start(() => (log.push('create 2'), { id: 2 }));
    expect(log).toEqual(['create 1', 'end 1', 'create 2']);
    expect(owned.current()).toBe(second);
  });
});
