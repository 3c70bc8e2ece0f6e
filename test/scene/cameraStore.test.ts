import { describe, expect, it } from 'vitest';
import { CAMERA_PRESETS, createCameraStore } from '../../src/scene/cameraStore';

describe('camera presets', () => {
  it('sets each preset and counts requests, so the same preset can be asked for again', () => {
    const camera = createCameraStore();
    const start = camera.getState().request;
    for (const preset of CAMERA_PRESETS) camera.getState().setPreset(preset);
    camera.getState().setPreset('top');
    expect(camera.getState().preset).toBe('top');
    expect(camera.getState().request).toBe(start + CAMERA_PRESETS.length + 1);
  });

  it('refuses an unknown preset and says which exist', () => {
    const camera = createCameraStore();
    camera.getState().setPreset('top');
    expect(() => camera.getState().setPreset('purple' as never)).toThrow(/unknown camera preset "purple" \(red, yellow, green, blue, top\)/);
    expect(camera.getState().preset).toBe('top');
  });
});
