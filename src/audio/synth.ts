/**
 * The game's sounds, synthesised with Web Audio (no files): each function schedules one short
 * sound at `when` (AudioContext seconds) into `out`. Plastic balls: short filtered-noise clicks
 * with a low thump for weight.
 */
export type SoundName = 'drop' | 'roll' | 'bounce' | 'roundOver' | 'count' | 'yourTurn';

function noiseBuffer(ctx: BaseAudioContext): AudioBuffer {
  const buffer = ctx.createBuffer(1, Math.round(ctx.sampleRate * 0.2), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  return buffer;
}
const noises = new WeakMap<BaseAudioContext, AudioBuffer>();

/** A burst of band-passed noise: the click of plastic on plastic. */
function click(ctx: BaseAudioContext, out: AudioNode, when: number, frequency: number, length: number, level: number): void {
  let buffer = noises.get(ctx);
  if (!buffer) noises.set(ctx, (buffer = noiseBuffer(ctx)));
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = frequency;
  filter.Q.value = 4;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(level, when);
  gain.gain.exponentialRampToValueAtTime(0.001, when + length);
  source.connect(filter).connect(gain).connect(out);
  source.start(when);
  source.stop(when + length + 0.02);
}

/** A decaying sine: the weight of a ball landing, or a note. */
function tone(ctx: BaseAudioContext, out: AudioNode, when: number, frequency: number, length: number, level: number, endFrequency = frequency): void {
  const osc = ctx.createOscillator();
  osc.frequency.setValueAtTime(frequency, when);
  osc.frequency.exponentialRampToValueAtTime(endFrequency, when + length);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, when);
  gain.gain.exponentialRampToValueAtTime(level, when + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, when + length);
  osc.connect(gain).connect(out);
  osc.start(when);
  osc.stop(when + length + 0.02);
}

/**
 * Plays `name` at `when`. `index` varies a sound within a sequence (the n-th rolled ball sounds a
 * little higher, so a chain is heard as one quick run); `strength` 0..1 scales a bounce.
 */
export function playSound(ctx: BaseAudioContext, out: AudioNode, name: SoundName, when: number, index = 0, strength = 1): void {
  switch (name) {
    case 'drop':
      click(ctx, out, when, 2200, 0.05, 0.5);
      tone(ctx, out, when, 180, 0.12, 0.35, 90);
      break;
    case 'roll':
      click(ctx, out, when, 1400 + 120 * Math.min(index, 12), 0.08, 0.35);
      click(ctx, out, when + 0.035, 1800 + 120 * Math.min(index, 12), 0.05, 0.2);
      break;
    case 'bounce':
      click(ctx, out, when, 900, 0.06, 0.6 * strength);
      tone(ctx, out, when, 120, 0.1, 0.5 * strength, 70);
      break;
    case 'count':
      click(ctx, out, when, 3000, 0.03, 0.15);
      break;
    case 'roundOver':
      tone(ctx, out, when, 523, 0.5, 0.25);
      tone(ctx, out, when + 0.12, 659, 0.5, 0.22);
      tone(ctx, out, when + 0.24, 784, 0.8, 0.2);
      break;
    case 'yourTurn':
      // Two soft rising notes: heard from another tab without startling.
      tone(ctx, out, when, 660, 0.25, 0.22);
      tone(ctx, out, when + 0.14, 880, 0.4, 0.2);
      break;
  }
}
