/** "Reset view": flies the camera back to the chosen preset after orbiting, zooming or panning. */
import { useCamera } from '../../scene/cameraStore';
import { a11yTexts as t } from './texts';

export function ResetViewButton() {
  return (
    <button className="btn" onClick={() => useCamera.getState().setPreset(useCamera.getState().preset)} title={t.resetViewTitle}>
      {t.resetView}
    </button>
  );
}
