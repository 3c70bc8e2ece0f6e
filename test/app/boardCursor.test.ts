import { describe, expect, it } from 'vitest';
import { cursorOn, stepCursor } from '../../src/app/session/boardCursor';

describe('the board cursor', () => {
  it('steps within the board and stops at the edges', () => {
    expect(stepCursor(8, 'd4', 'up')).toBe('d3');
    expect(stepCursor(8, 'd4', 'down')).toBe('d5');
    expect(stepCursor(8, 'd4', 'left')).toBe('c4');
    expect(stepCursor(8, 'd4', 'right')).toBe('e4');
    expect(stepCursor(8, 'a1', 'up')).toBe('a1');
    expect(stepCursor(8, 'a1', 'left')).toBe('a1');
    expect(stepCursor(4, 'd4', 'down')).toBe('d4');
    expect(stepCursor(6, 'c3', 'rowEnd')).toBe('f3');
    expect(stepCursor(6, 'c3', 'rowStart')).toBe('a3');
  });

  it('refuses a square that is not on the board, naming it', () => {
    expect(() => stepCursor(4, 'h8', 'up')).toThrow('cursor square "h8" is not on a 4x4 board');
  });

  it('keeps its square on the board, else starts on the first legal square', () => {
    expect(cursorOn(8, 'h8', ['c4'])).toBe('h8');
    expect(cursorOn(4, 'h8', ['c4'])).toBe('c4');
    expect(cursorOn(6, null, [])).toBe('c3');
  });
});
