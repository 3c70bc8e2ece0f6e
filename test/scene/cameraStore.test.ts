import { describe, expect, it } from 'vitest';
import { CAMERA_PRESETS, useCamera } from '../../src/scene/cameraStore';

describe('camera presets', () => {
  it('sets each preset and counts requests, so the same preset can be asked for again', () => {
    const start = useCamera.getState().request;
    for (const preset of CAMERA_PRESETS) useCamera.getState().setPreset(preset);
    useCamera.getState().setPreset('top');
    expect(useCamera.getState().preset).toBe('top');
    expect(useCamera.getState().request).toBe(start + CAMERA_PRESETS.length + 1);
  });

  it('refuses an unknown preset and says which exist', () => {
    expect(() => useCamera.getState().setPreset('purple' as never)).toThrow(/unknown camera preset "purple" \(red, yellow, green, blue, top\)/);
    expect(useCamera.getState().preset).toBe('top');
  });
});
