/**
 * The 3D view: checks for WebGL first (a clear message instead of a blank page), then loads the
 * scene lazily so the HUD shows while three.js arrives. The one WebGL check and the one error
 * boundary of the 3D view are here.
 */
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
        <StageMessage title="The 3D board could not be started">
          {this.state.error.message}. Reload the page to try again; if this keeps happening, turn on hardware acceleration in
          the browser settings, or try another browser.
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
      <StageMessage title="This browser cannot show the 3D board">
        Rolit 3D draws the board with WebGL 2, which is not available here (it may be switched off, or the graphics
        driver is blocked). Turn on hardware acceleration in the browser settings, or try another browser.
      </StageMessage>
    );
  }
  return (
    <div className="stage" data-testid="stage">
      <SceneLoadBoundary>
        <Suspense fallback={<div className="stage-message stage-loading">Setting up the board…</div>}>
          <RolitScene />
        </Suspense>
      </SceneLoadBoundary>
    </div>
  );
}
