/**
 * The 3D view: checks for WebGL first (a clear message instead of a blank page), then loads the
 * scene lazily so the HUD shows while three.js arrives. The one WebGL check and the one error
 * boundary of the 3D view are here.
 */
import { t } from '../i18n/index';
import { Component, type ReactNode, Suspense, lazy, useState } from 'react';
import { webglAvailable } from '../scene/webgl';

const RolitScene = lazy(() => import('../scene/index'));

/** A failure to load the scene's code (e.g. the network dropped) or to start its canvas: say so, keep the game. */
class SceneLoadBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error('the 3D board failed to start', error);
  }
  override render() {
    if (this.state.error) {
      return (
        <StageMessage title={t('hud:sceneFailed')}>{t('hud:sceneFailedText', { reason: this.state.error.message })}
        </StageMessage>
      );
    }
    return this.props.children;
  }
}

function StageMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="stage-message" role="alert" data-testid="stage-message">
      <div className="card">
        <h2>{title}</h2>
        <p>{children}</p>
      </div>
    </div>
  );
}

export function SceneHost() {
  const [webgl] = useState(webglAvailable);
  if (!webgl) {
    return (
      <StageMessage title={t('hud:noWebgl')}>{t('hud:noWebglText')}
      </StageMessage>
    );
  }
  return (
    <div className="stage" data-testid="stage">
      <SceneLoadBoundary>
        <Suspense fallback={<div className="stage-message stage-loading">{t('hud:settingUp')}</div>}>
          <RolitScene />
        </Suspense>
      </SceneLoadBoundary>
    </div>
  );
}
