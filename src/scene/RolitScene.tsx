/**
 * The whole 3D table: one <Canvas> (rendering on demand) with every physical object of the game,
 * filling its parent. It plays the page's director (linked to the session by the page: linkDirector).
 * WebGL context loss: the canvas is rebuilt when the browser restores the context, or on a new
 * canvas when it does not within RESTORE_WAIT_MS (all game and animation state lives in stores, so
 * nothing is lost). The page (ui/SceneHost) checks for WebGL before loading this module and
 * catches a canvas that fails to start.
 */
import { Canvas } from '@react-three/fiber';
import { memo, type ReactNode, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { WebGLRenderer, type WebGLRendererParameters } from 'three';
import { t } from '../i18n/index';
import { useSession } from '../app/page/pageSession';
import { engineHelpShown } from '../app/session/remoteRound';
import { AdaptiveQuality } from './AdaptiveQuality';
import { Balls } from './Balls';
import { Board } from './Board';
import { CameraRig } from './CameraRig';
import { presetPosition } from './cameraViews';
import { ExactLabels } from './ExactLabels';
import { useCamera } from './cameraStore';
import { LastMoveRings } from './LastMoveRings';
import { Lights } from './Lights';
import { markLoaded, resetShaders, sceneRestoring } from './loadProgress';
import { RenderProbe } from './RenderProbe';
import { ShaderWarmup } from './ShaderWarmup';
import { SideButtons } from './SideButton';
import { SocketCursor } from './SocketCursor';
import { StrongestMarker } from './StrongestMarker';
import { graphicsMode } from './graphicsParameter';
import { graphicsQuality } from './qualityPolicy';
import { GhostBalls, SocketDots, SocketPicker } from './Sockets';
import { Supply } from './Supply';
import { Table } from './Table';
import { useDirectorFrames } from './view';
import { nextTask } from './nextTask';
import { softwareRendering } from './webgl';

const BACKGROUND = '#17120e';

const messageStyle: React.CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '2em',
  textAlign: 'center',
  color: '#f3e9dc',
  background: BACKGROUND,
  font: '16px/1.5 system-ui, sans-serif',
};

function SceneMessage({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rolit-scene-message" style={messageStyle}>
      <p style={{ maxWidth: '32em', margin: 0 }}>{children}</p>
    </div>
  );
}

/**
 * What the canvas holds. The first visible frame is the Canvas's own: it asks for one when its
 * frameloop turns to demand (react-three-fiber invalidates on every change of its store).
 * Memoised: the Canvas re-renders then, and a re-render of the scene committed after that frame
 * would ask for a second one (a second under software rendering).
 */
const Contents = memo(function Contents({ adaptDpr, onWarm }: { adaptDpr: number | null; onWarm: () => void }) {
  useDirectorFrames();
  // Online players see exact values and the strongest move only if the host allowed engine help.
  const help = useSession(engineHelpShown);
  // react-three-fiber mounts the scene synchronously, in one task of 140-170 ms under software
  // rendering: the scene's objects come in a transition just after, rendered in slices between tasks.
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  if (!mounted) return null;
  return (
    <>
      <ShaderWarmup onDone={onWarm} />
      <color attach="background" args={[BACKGROUND]} />
      <fog attach="fog" args={[BACKGROUND, 45, 100]} />
      <Lights />
      <Table />
      <Board />
      <SideButtons />
      <Supply />
      <Balls />
      <LastMoveRings />
      <SocketPicker />
      <GhostBalls />
      <SocketDots />
      {help && (
        <>
          <ExactLabels />
          <StrongestMarker />
        </>
      )}
      <SocketCursor />
      <CameraRig />
      <RenderProbe />
      {adaptDpr !== null && <AdaptiveQuality maxDpr={adaptDpr} />}
    </>
  );
});

/**
 * The renderer, made in tasks of its own before the Canvas gets it (rendererOf): the WebGL context,
 * then the renderer's start on it, then the scene's first render follows. Each of the first two
 * waits on the GPU process (about 100 ms each under software rendering); in React's commit with the
 * render they held the page for 200-300 ms.
 */
async function makeRenderer(parameters: WebGLRendererParameters, pixelRatio: number): Promise<WebGLRenderer> {
  const { alpha = true, antialias, powerPreference } = parameters;
  // The attributes three would ask for itself (WebGLRenderer's defaults, the Canvas's choices).
  const attributes: WebGLContextAttributes = { alpha, antialias, powerPreference, depth: true, stencil: false, premultipliedAlpha: true, preserveDrawingBuffer: false, failIfMajorPerformanceCaveat: false };
  // Out of React's commit, which calls this.
  await nextTask();
  // The Canvas's own <canvas>, at the size the Canvas will give it (its box times the pixel ratio, as
  // three's setSize rounds it): made at the default 300x150, the context's drawing buffer was made
  // again at the first resize, 30-50 ms of the page's time under software rendering.
  const canvas = parameters.canvas as HTMLCanvasElement;
  const box = canvas.parentElement?.getBoundingClientRect();
  if (box) [canvas.width, canvas.height] = [Math.floor(box.width * pixelRatio), Math.floor(box.height * pixelRatio)];
  // Without a context three tries again itself and throws its own error, which the page shows.
  const context = canvas.getContext('webgl2', attributes) ?? undefined;
  await nextTask();
  const renderer = new WebGLRenderer({ ...parameters, context });
  // The Canvas sizes the renderer first at the renderer's own pixel ratio (1), then at the scene's:
  // two more drawing buffers, 35-170 ms of the page's time under software rendering. Told the ratio
  // and the size now, the renderer keeps its canvas's size through both.
  if (box) renderer.setDrawingBufferSize(box.width, box.height, pixelRatio);
  // The tone mapping is the Canvas's own (ACES filmic: `flat` is off).
  renderer.toneMappingExposure = 1.05;
  await nextTask();
  return renderer;
}

/** A canvas's renderer: being made (makeRenderer), then made; claimed once the Canvas has asked for it. */
interface CanvasRenderer {
  making: Promise<WebGLRenderer>;
  made?: WebGLRenderer;
  claimed?: boolean;
}
const canvasRenderers = new WeakMap<HTMLCanvasElement, CanvasRenderer>();

/**
 * The canvas's renderer, started once: as soon as the Canvas has mounted its <canvas>, not when the
 * Canvas asks for it after measuring its box a frame later. Made by then, it is handed over at once;
 * handed over as a promise, it holds the scene's first mount back up to 300 ms more (react-three-fiber
 * waits for it in a Suspense boundary, and React shows what a fallback stood for no sooner than 300
 * ms after the fallback).
 */
function rendererOf(canvas: HTMLCanvasElement, antialias: boolean, pixelRatio: number): CanvasRenderer {
  let entry = canvasRenderers.get(canvas);
  if (!entry) {
    const started: CanvasRenderer = { making: makeRenderer({ canvas, antialias, alpha: true, powerPreference: 'high-performance' }, pixelRatio) };
    started.making.then((renderer) => (started.made = renderer), () => undefined);
    canvasRenderers.set(canvas, (entry = started));
  }
  return entry;
}

/**
 * How long a lost context may take to come back before the view is rebuilt on a new canvas. A browser
 * gives it back within a second or two of its GPU process restarting; one may also never (WebGL
 * blocked for the page after a GPU crash, a loss nobody restores), and the notice would stay for good.
 */
export const RESTORE_WAIT_MS = 5_000;

export function RolitScene() {
  const [software] = useState(softwareRendering);
  const [quality] = useState(() => graphicsQuality(graphicsMode(), software, window.devicePixelRatio));
  const startedOn = useRef<HTMLCanvasElement | null>(null);
  const startRenderer = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      if (canvas) rendererOf((startedOn.current = canvas), !software, quality.dpr);
    },
    [software, quality.dpr],
  );
  const createRenderer = useCallback(
    (defaults: WebGLRendererParameters) => {
      const renderer = rendererOf(defaults.canvas as HTMLCanvasElement, !software, quality.dpr);
      renderer.claimed = true;
      // The Canvas takes either (its types name them apart).
      return (renderer.made ?? renderer.making) as Promise<WebGLRenderer>;
    },
    [software, quality.dpr],
  );
  const [generation, setGeneration] = useState(0);
  // A renderer started for a canvas the Canvas dropped before asking for it (an error, a box never
  // measured) is released here, as react-three-fiber releases those it was given: browsers keep
  // only so many WebGL contexts.
  useEffect(() => {
    const started = startedOn.current && canvasRenderers.get(startedOn.current);
    return () => {
      if (started && !started.claimed)
        void started.making.then((renderer) => {
          renderer.dispose();
          renderer.forceContextLoss();
        }, () => undefined);
    };
  }, [generation]);
  const [lost, setLost] = useState(false);
  // No frame is drawn until the shaders are compiled (frameloop "never"), then on demand.
  const [warmFor, setWarmFor] = useState(-1);
  const onWarm = useCallback(() => {
    setWarmFor(generation);
    markLoaded('shaders');
  }, [generation]);

  // After a restored context the new canvas compiles its shaders before its first frame: the
  // notice stays until then, so nobody looks at an empty canvas for those seconds.
  const rebuilding = generation > 0 && warmFor !== generation;

  // settled() waits while the view is away (window.rolit.unsettled says so).
  useEffect(() => sceneRestoring(lost || rebuilding), [lost, rebuilding]);
  /** Retires the canvas now mounted: set by onCreated, called when the scene unmounts. */
  const retireCanvas = useRef(() => {});
  useEffect(
    () => () => {
      // Unmounted, the scene rebuilds nothing: its canvas's loss is not news, and no rebuild is waited for.
      retireCanvas.current();
      sceneRestoring(false);
    },
    [],
  );

  const onCreated = useCallback(({ gl }: { gl: { domElement: HTMLCanvasElement } }) => {
    const canvas = gl.domElement;
    let retired = false;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    const retire = () => {
      retired = true;
      clearTimeout(waiting);
    };
    retireCanvas.current = retire;
    // A new canvas, made when the context comes back or has not come back in time; a refused context then shows the page's "no WebGL" message.
    const rebuild = () => {
      if (retired) return;
      retire();
      resetShaders();
      setLost(false);
      setGeneration((g) => g + 1);
    };
    canvas.addEventListener('webglcontextlost', (event) => {
      event.preventDefault(); // allows the browser to restore the context
      // A retired canvas loses its context on purpose when it is unmounted: not news.
      if (retired) return;
      setLost(true);
      waiting = setTimeout(rebuild, RESTORE_WAIT_MS);
    });
    canvas.addEventListener('webglcontextrestored', rebuild);
  }, []);

  return (
    <div style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', touchAction: 'none' }}>
      <Canvas
        key={generation}
        frameloop={warmFor === generation ? 'demand' : 'never'}
        shadows="percentage"
        dpr={quality.dpr}
        ref={startRenderer}
        gl={createRenderer}
        camera={{ fov: 38, near: 0.5, far: 250, position: presetPosition(useCamera.getState().preset).toArray() }}
        style={{ touchAction: 'none', display: 'block' }}
        onCreated={onCreated}
        data-generation={generation}
      >
        <Contents adaptDpr={quality.adaptive ? quality.dpr : null} onWarm={onWarm} />
      </Canvas>
      {(lost || rebuilding) && <SceneMessage>{t('hud:contextLost')}</SceneMessage>}
    </div>
  );
}
