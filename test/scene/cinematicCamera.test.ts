import { describe, expect, it } from 'vitest';
import { CINEMATIC_KEY, cinematicOn, initCinematic, readCameraParameter, setCinematic, stopCinematic } from '../../src/scene/cinematicCamera';
import { dampingFactor } from '../../src/scene/CameraRig';
import { fitRadius } from '../../src/scene/cameraViews';

/** A localStorage stand-in. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe('cinematic camera switch', () => {
  it('reads ?camera=cinematic|fixed, passes the rest of the query on, and names a bad value', () => {
    expect(readCameraParameter('?seed=3')).toEqual({ cinematic: null, rest: '?seed=3', problem: null });
    expect(readCameraParameter('?camera=cinematic&speed=2')).toEqual({ cinematic: true, rest: '?speed=2', problem: null });
    expect(readCameraParameter('?camera=fixed')).toEqual({ cinematic: false, rest: '', problem: null });
    const bad = readCameraParameter('?camera=drone&seed=1');
    expect(bad.cinematic).toBeNull();
    expect(bad.rest).toBe('?seed=1');
    expect(bad.problem).toBe('camera: "drone" is not a camera choice (cinematic, fixed); the remembered choice applies');
  });

  it('starts from the URL, else on in demo mode, else the remembered switch', () => {
    initCinematic({ fromUrl: null, demo: false, storage: memoryStorage() });
    expect(cinematicOn()).toBe(false);
    initCinematic({ fromUrl: null, demo: false, storage: memoryStorage({ [CINEMATIC_KEY]: 'true' }) });
    expect(cinematicOn()).toBe(true);
    initCinematic({ fromUrl: null, demo: true, storage: null });
    expect(cinematicOn()).toBe(true);
    initCinematic({ fromUrl: false, demo: true, storage: null });
    expect(cinematicOn()).toBe(false);
    initCinematic({ fromUrl: true, demo: false, storage: memoryStorage({ [CINEMATIC_KEY]: 'false' }) });
    expect(cinematicOn()).toBe(true);
  });

  it('remembers the switch, while a drag only stops the camera for now', () => {
    const storage = memoryStorage();
    initCinematic({ fromUrl: null, demo: false, storage });
    setCinematic(true);
    expect(storage.items.get(CINEMATIC_KEY)).toBe('true');
    stopCinematic();
    expect(cinematicOn()).toBe(false);
    expect(storage.items.get(CINEMATIC_KEY)).toBe('true');
    setCinematic(false);
    expect(storage.items.get(CINEMATIC_KEY)).toBe('false');
  });

  it('fitRadius gives the same distance when asked again (its scratch objects carry nothing over)', () => {
    const a = fitRadius(0.7, 0.3, 1.6, 38);
    fitRadius(0.2, 2.5, 0.5, 38);
    expect(fitRadius(0.7, 0.3, 1.6, 38)).toBe(a);
    expect(fitRadius(0.7, 0.3, 0.5, 38)).toBeGreaterThan(a); // a portrait screen moves back
  });
});

describe('the controls\' damping', () => {
  it('keeps the same pace per second at any frame rate', () => {
    expect(dampingFactor(1 / 60)).toBeCloseTo(0.12, 6);
    // What is left of a drag's motion after a second: the same at 60, 10 and 2 frames a second.
    const leftAfterASecond = (fps: number) => (1 - dampingFactor(1 / fps)) ** fps;
    expect(leftAfterASecond(10)).toBeCloseTo(leftAfterASecond(60), 9);
    expect(leftAfterASecond(2)).toBeCloseTo(leftAfterASecond(60), 9);
    expect(leftAfterASecond(60)).toBeLessThan(1e-3);
    // A frame after a long pause applies what is left at once; a frame of next to no time still moves.
    expect(dampingFactor(30)).toBeCloseTo(1, 3);
    expect(dampingFactor(0)).toBeCloseTo(dampingFactor(1 / 120), 9);
    expect(dampingFactor(0)).toBeGreaterThan(0.05);
  });
});
