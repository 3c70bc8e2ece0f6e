/**
 * The 3D view: checks for WebGL first (a clear message instead of a blank page; the check runs off
 * the page's thread where it can, scene/webgl.ts), then loads the scene lazily so the HUD shows while three.js arrives, with a loading screen in the scene's
 * place until its first frame can be drawn without a freeze (code, the start throw, shaders). The one
 * WebGL check and the one error boundary of the 3D view are here.
 */
import { Component, type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { loadFraction, loadGaveUp, type LoadStep, loadTexts, trackLoad, useLoadProgress } from '../scene/loadProgress';
import { t } from '../i18n/index';
import { noWebglContext, probeWebgl } from '../scene/webgl';
import { nextTask } from '../scene/nextTask';

let sceneChunk: Promise<typeof import('../scene/index')> | null = null;
let sceneCode: Promise<typeof import('../scene/index')> | null = null;

/**
 * The scene's chunks, evaluated (once): three.js, then react-three-fiber, the scene's code and React
 * DOM's client (vite.config.ts), fetched with the page's own chunk. The page's start evaluates them,
 * a task each, before it starts React (src/main.tsx).
 */
export function loadSceneChunk(): Promise<typeof import('../scene/index')> {
  // three.js's chunk first, evaluated in a task of its own, then the rest (vite.config.ts).
  sceneChunk ??= import('three').then(async () => {
    await nextTask();
    return import('../scene/index');
  });
  return sceneChunk;
}

/** The scene's code, ready to mount (once; later calls get the same promise). */
export function loadSceneCode(): Promise<typeof import('../scene/index')> {
  // The scene's heaviest pieces are built a task each before it mounts, not all in its first render.
  sceneCode ??= trackLoad(
    'scene',
    loadSceneChunk().then(async (scene) => {
      await scene.buildSceneAhead();
      return scene;
    }),
  );
  return sceneCode;
}

/**
 * Starts the WebGL check (in a worker: the browser's first WebGL context takes up to a second under
 * software rendering) and, beside it, the scene's code: both then load while the page starts and
 * React renders the HUD, not one after the other nor after React's first commit. The scene's chunk
 * holds React DOM (the page needs it either way); without WebGL its geometry is built for nothing.
 */
export function startLoadingScene(): void {
  void probeWebgl().catch(() => undefined);
  loadSceneCode().catch(() => undefined);
}

const RolitScene = lazy(loadSceneCode);

/** In the scene's place until its first frame: what is loading, with a progress bar. */
function LoadingScreen() {
  const progress = useLoadProgress((p) => p);
  if (progress.done.shaders) return null;
  const steps = Object.keys(loadTexts.steps) as LoadStep[];
  const percent = Math.round(loadFraction(progress) * 100);
  return (
    <div className="stage-message stage-loading" role="status" aria-live="polite" data-testid="loading">
      <div className="card">
        <h2>{loadTexts.title}</h2>
        <progress max={100} value={percent} aria-label={`${percent}%`} />
        <ul>
          {steps.map((step) => (
            <li key={step} className={progress.done[step] ? 'done' : undefined}>
              {loadTexts.steps[step]}
              {progress.done[step] ? ' ✓' : step === 'shaders' && progress.shaders.total ? ` ${progress.shaders.compiled}/${progress.shaders.total}` : ' …'}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The game waits for the 3D view only while it can come: not without WebGL or after a failure. */
function GiveUpLoading() {
  useEffect(() => loadGaveUp(), []);
  return null;
}

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
    const { error } = this.state;
    if (error && noWebglContext(error)) return <NoWebgl />;
    if (error) {
      return (
        <StageMessage title={t('hud:sceneFailed')}>
          <GiveUpLoading />
          {t('hud:sceneFailedText', { reason: error.message })}
        </StageMessage>
      );
    }
    return this.props.children;
  }
}

/** The browser draws no WebGL 2: the game goes on without its 3D view, and the page says why. */
function NoWebgl() {
  return (
    <StageMessage title={t('hud:noWebgl')}>
      <GiveUpLoading />
      {t('hud:noWebglText')}
    </StageMessage>
  );
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
  /** Whether the browser draws WebGL 2; null until its check answers. */
  const [webgl, setWebgl] = useState<boolean | null>(null);
  useEffect(() => {
    let mounted = true;
    void probeWebgl().then(({ available }) => mounted && setWebgl(available));
    return () => {
      mounted = false;
    };
  }, []);
  if (webgl === false) return <NoWebgl />;
  return (
    <div className="stage" data-testid="stage">
      <SceneLoadBoundary>
        {webgl && (
          <Suspense fallback={null}>
            <RolitScene />
          </Suspense>
        )}
        <LoadingScreen />
      </SceneLoadBoundary>
    </div>
  );
}
