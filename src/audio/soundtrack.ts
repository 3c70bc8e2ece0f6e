/**
 * Sound follows the board: as the director's clock passes a motion (a ball landing in its socket,
 * a ball rolling, the thrown ball striking the table, the count), its sound is scheduled. A jump
 * of the clock (skip, instant speed) plays nothing, so a snapped board is silent. Bounces come
 * from the throw's physics recording (ThrowRecording.impacts), once it has been simulated.
 */
import type { Director } from '../director/timeline';
import { throwRecordingOf } from '../scene/throwRecordings';
import type { SoundName } from './synth';
import { TIMING } from '../director/steps';

/** Script seconds: a longer step of the clock in one go is a jump, not playback. */
const MAX_PLAYED_SPAN = 1;
/** Slower impacts than this (scene units per second) are too soft to hear. */
const AUDIBLE_IMPACT = 0.6;

export interface SoundCue {
  name: SoundName;
  /** Script time of the sound. */
  at: number;
  index: number;
  strength: number;
}

/** The sounds of the director's queue with script times in (from, to]. */
export function cuesBetween(director: Director, from: number, to: number): SoundCue[] {
  const cues: SoundCue[] = [];
  const add = (name: SoundName, at: number, index = 0, strength = 1) => {
    if (at > from && at <= to) cues.push({ name, at, index, strength });
  };
  for (const step of director.queue) {
    if (step.start > to || step.start + step.duration + 0.5 < from) continue;
    if (step.kind === 'count') add('roundOver', step.start);
    if (step.kind === 'throw' && step.after.throwBall) {
      const rec = throwRecordingOf(step.after.throwBall.seed);
      if (rec) {
        const length = Math.max((rec.frames - 1) * rec.dt, TIMING.throw);
        for (let i = 0; i < rec.impacts.length; i += 2) {
          const strength = Math.min(1, rec.impacts[i + 1] / 8);
          if (rec.impacts[i + 1] >= AUDIBLE_IMPACT) add('bounce', step.start + (rec.impacts[i] / length) * TIMING.throw, 0, strength);
        }
      }
    }
    step.motions.forEach((m, i) => {
      const at = step.start + m.delay;
      if (m.kind === 'arrive') add('drop', at + m.duration);
      else if (m.kind === 'roll') add('roll', at, i);
      else if (m.kind === 'hop') add('count', at);
    });
  }
  return cues.sort((a, b) => a.at - b.at);
}

/** Plays the director's sounds through `play` (real seconds from now); returns the unsubscribe. */
export function followDirector(director: Director, play: (cue: SoundCue, inSeconds: number) => void): () => void {
  let last = director.time;
  return director.subscribe(() => {
    const now = director.time;
    const from = last;
    last = now;
    if (now <= from || now - from > MAX_PLAYED_SPAN || director.speed === Infinity) return;
    // The clock has just passed these cues: play them now, keeping their spacing within the frame.
    for (const cue of cuesBetween(director, from, now)) play(cue, Math.max(0, (cue.at - from) / director.speed));
  });
}
