import { describe, expect, it } from 'vitest';
import { createPageDirector } from '../../src/director/store';
import { Game } from '../../src/engine';

describe('page director: created by its owner, no state shared between instances', () => {
  it('status follows busy/idle, skip ends the animations, dispose stops following', () => {
    const page = createPageDirector();
    const other = createPageDirector();
    const game = new Game({ seed: 4 });
    page.director.sync(game.events);
    expect(page.status.getState().busy).toBe(true);
    expect(other.status.getState().busy).toBe(false); // a second director is its own
    page.status.getState().skip();
    expect(page.director.busy).toBe(false);
    expect(page.status.getState().busy).toBe(false);
    page.dispose();
    game.play(game.legalMoves()[0]);
    page.director.sync(game.events);
    expect(page.director.busy).toBe(true);
    expect(page.status.getState().busy).toBe(false); // disposed: no longer follows
    other.dispose();
  });
});
