import { describe, expect, it } from 'vitest';
import { cuesBetween, followDirector, type SoundCue } from '../../src/audio/soundtrack';
import { readSoundSettings } from '../../src/audio/sound';
import { Director } from '../../src/director/timeline';
import { Game } from '../../src/engine/index';

/** A director that has shown the start of a round, then is given one capturing move. */
function afterMove() {
  const game = new Game({ players: 4, seed: 2 });
  const director = new Director();
  director.sync(game.events);
  director.skip();
  const start = director.time;
  const move = game.legalMoves().find((m) => (game.check(m) as { rolls: string[] }).rolls.length > 0)!;
  const rolls = (game.check(move) as { rolls: string[] }).rolls.length;
  game.play(move);
  director.sync(game.events);
  return { director, start, rolls };
}

describe('sound cues follow the board', () => {
  it('a placement drops one ball, then each rolled ball is heard in order, a little higher each', () => {
    const { director, start, rolls } = afterMove();
    const cues = cuesBetween(director, start, director.end);
    const drops = cues.filter((c) => c.name === 'drop');
    const rolled = cues.filter((c) => c.name === 'roll');
    expect(drops).toHaveLength(1);
    expect(rolled).toHaveLength(rolls);
    expect(rolled.every((c) => c.at > drops[0].at - 1e-9)).toBe(true);
    expect(rolled.map((c) => c.index)).toEqual([...rolled.map((c) => c.index)].sort((a, b) => a - b));
  });

  it('playback schedules the cues as the clock passes them; a skip is silent', () => {
    const { director } = afterMove();
    const played: SoundCue[] = [];
    const stop = followDirector(director, (cue) => played.push(cue));
    while (director.busy) director.advance(1 / 60);
    expect(played.some((c) => c.name === 'drop')).toBe(true);
    stop();
    const second = afterMove();
    const silent: SoundCue[] = [];
    followDirector(second.director, (cue) => silent.push(cue));
    second.director.skip();
    expect(silent).toEqual([]);
  });

  it('stored settings: bad values give the defaults', () => {
    expect(readSoundSettings('{"volume":0.3,"muted":true}')).toEqual({ volume: 0.3, muted: true });
    expect(readSoundSettings('{"volume":7}')).toEqual({ volume: 0.5, muted: false });
    expect(readSoundSettings('not json')).toEqual({ volume: 0.5, muted: false });
    expect(readSoundSettings(null)).toEqual({ volume: 0.5, muted: false });
  });
});
