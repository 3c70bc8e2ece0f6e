/**
 * "Your table (AR)": offered only where the browser has immersive AR (WebXR). AR's code comes when
 * it is pressed (ArView.ts, a later chunk), handed what it works with. A refused or failed session
 * says so, and the page plays on.
 */
import { type MouseEvent, useEffect, useState } from 'react';
import { useSession } from '../../app/page/pageSession';
import { t } from '../../i18n/index';
import { returnFocus } from '../hud/settingsMenu';
import { loadSceneCode } from '../SceneHost';

/** Whether the browser offers immersive AR, asked once. */
let offered: Promise<boolean> | undefined;

export function ArButton() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    offered ??= navigator.xr?.isSessionSupported('immersive-ar').catch(() => false) ?? Promise.resolve(false);
    void offered.then(setShown);
  }, []);
  const enter = ({ currentTarget }: MouseEvent<HTMLElement>) =>
    Promise.all([import('./ArView'), loadSceneCode()])
      .then(([ar, scene]) => ar.enterAr({ kit: scene.arKit, t, returnFocus, opener: currentTarget }))
      .catch((error: unknown) => useSession.getState().showNotice(t('hud:arFailed', { reason: error instanceof Error ? error.message : String(error) }), 'refusal'));
  return shown && <button type="button" className="btn" onClick={enter}>{t('hud:arEnter')}</button>;
}
