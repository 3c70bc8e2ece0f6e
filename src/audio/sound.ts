/**
 * The page's sound: volume and mute (remembered in localStorage; in demo mode muted until someone
 * touches the controls), and the audio graph, made only after the first user gesture (browsers
 * refuse to play before one, and a page must not start making noise by itself).
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { pageStorage as storage } from '../app/page/pageStorage';
import type { Director } from '../director/timeline';
import { followDirector } from './soundtrack';
import { playSound, type SoundName } from './synth';

export const SOUND_KEY = 'rolit.sound.v1';

export interface SoundSettings {
  /** 0..1 */
  volume: number;
  muted: boolean;
}

/** The stored settings; anything unreadable gives the defaults (half volume, on). */
export function readSoundSettings(text: string | null): SoundSettings {
  try {
    const s = JSON.parse(text ?? 'null') as Partial<SoundSettings> | null;
    const volume = typeof s?.volume === 'number' && s.volume >= 0 && s.volume <= 1 ? s.volume : 0.5;
    return { volume, muted: s?.muted === true };
  } catch {
    return { volume: 0.5, muted: false };
  }
}

const settings = createStore<SoundSettings>()(() => readSoundSettings(storage()?.getItem(SOUND_KEY) ?? null));
let master: GainNode | null = null;
/** The running graph, for sounds the game's own events do not cue (an online turn's alert). */
let live: { context: AudioContext; master: GainNode } | null = null;

/** Plays one sound now at the page's volume; nothing when muted or before the first user gesture. */
export function playNow(name: SoundName): void {
  if (!live || live.context.state !== 'running' || level(settings.getState()) === 0) return;
  playSound(live.context, live.master, name, live.context.currentTime);
}

/** Changes and remembers the sound settings (a touch of the controls also ends the demo's silence). */
export function setSound(change: Partial<SoundSettings>): void {
  settings.setState(change);
  try {
    storage()?.setItem(SOUND_KEY, JSON.stringify(settings.getState()));
  } catch {
    // Storage blocked or full: the change holds for this visit.
  }
}

export const useSound = <T>(selector: (s: SoundSettings) => T): T => useStore(settings, selector);

const level = (s: SoundSettings) => (s.muted ? 0 : s.volume * s.volume); // a squared fader sounds even

/** Starts the page's sound: nothing is made before the first user gesture. Returns the stop. */
export function startSound(director: Director, options: { demo: boolean }): () => void {
  // Demo: muted for this visit until touched, without changing what is stored.
  if (options.demo) settings.setState({ muted: true });
  let context: AudioContext | null = null;
  const gesture = () => {
    if (context) return;
    try {
      context = new AudioContext();
    } catch {
      return; // no Web Audio: a silent page
    }
    master = context.createGain();
    master.gain.value = level(settings.getState());
    master.connect(context.destination);
    live = { context, master };
    void context.resume();
  };
  const events = ['pointerdown', 'keydown'] as const;
  for (const e of events) window.addEventListener(e, gesture, { capture: true });
  const unsubscribeSettings = settings.subscribe((s) => master?.gain.setTargetAtTime(level(s), master.context.currentTime, 0.02));
  const unsubscribeDirector = followDirector(director, (cue, inSeconds) => {
    if (!context || !master || context.state !== 'running' || level(settings.getState()) === 0) return;
    playSound(context, master, cue.name, context.currentTime + inSeconds, cue.index, cue.strength);
  });
  return () => {
    for (const e of events) window.removeEventListener(e, gesture, { capture: true });
    unsubscribeSettings();
    unsubscribeDirector();
    live = null;
    void context?.close();
  };
}
