/** Starts the page: the session (from the URL and saved settings), the director, window.rolit, React. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LEVEL, FIRST_GAME_LEVEL, LEVELS } from './ai/index';
import { SolveClient } from './ai/browser/solveClient';
import { workerComputer } from './app/computer/browserComputer';
import { initExactValues } from './app/analysis/exactValues';
import { readDemo, startDemo } from './app/watch/demo';
import { startSound } from './audio/sound';
import { initTour, readTour } from './tour/pageTour';
import { initEvaluator } from './app/analysis/evaluation';
import { initStrongestMove, strongestView } from './app/analysis/strongestMove';
import { createHandle, type RolitHandle } from './app/page/handle';
import { createSettling } from './app/page/settled';
import { initSession } from './app/page/pageSession';
import { pageStorage, tabStorage } from './app/page/pageStorage';
import { claimTabGame } from './app/page/tabGame';
import { HISTORY_KEY } from './app/persistence/history';
import { initRoundCountdown } from './app/watch/roundCountdown';
import { followShareLinks } from './app/page/followShareLinks';
import { withoutGameParameters } from './app/setup/url';
import { defaultServerPort, readOnlineParameters } from './app/online/onlineAddress';
import { initOnline, onlineName, watchTv } from './app/online/pageOnline';
import { pagePlayerKey, playerKeyInFragment, rememberPlayerId, storedPlayerKey } from './app/online/playerKey';
import { onlineTexts } from './app/online/onlineTexts';
import { initDirector, linkDirector } from './director/index';
import { chooseLanguage, LANGUAGE_KEY, loadNumberFormats, setLanguage, t } from './i18n/index';
import { App } from './ui/App';
import { offerPlayerKey } from './ui/online/profile';
import { engineHelpIn, onEngineHelpChoice } from './ui/engineHelp';
import { startLoadingScene } from './ui/SceneHost';
import { renderInfo, sceneDrawing, sideButtonScreenBox, socketScreenPosition, supplyScreenBox, thrownBall } from './scene/renderInfo';
import { loadProgress } from './scene/loadProgress';
import { nextTask } from './scene/nextTask';
import { useCamera } from './scene/cameraStore';
import { useAccess } from './app/setup/accessPrefs';
import { initCinematic, readCameraParameter } from './scene/cinematicCamera';
import { readGraphicsParameter } from './scene/graphicsParameter';
import { startInstalledApp } from './app/page/installedApp';
import './ui/hud.css';
import { type WorkerLike } from './ai/browser/messages';

declare global {
  interface Window {
    rolit: RolitHandle;
  }
}

/**
 * The start, in an async function: an await at a module's top level would turn off the bundler's merging of
 * shared chunks (rolldown's chunkOptimization), and the first download would hold a dozen small chunks, each
 * compressed on its own (4.5 kB more, brotli).
 */
async function start(): Promise<void> {
  // The language first: the session's first texts (default player names, notices) are in it. English if
  // another language's texts cannot be fetched.
  const storage = pageStorage();
  await setLanguage(chooseLanguage(storage?.getItem(LANGUAGE_KEY) ?? null, navigator.languages ?? [navigator.language])).catch((error: unknown) => console.error(error));
  // Demo mode plays its own matches and leaves the viewer's saved settings and game alone (no storage).
  const { demo, rest, problem } = readDemo(location.search, LEVELS);
  const tour = readTour(rest);
  // The cinematic camera's parameter is the view's, not the game's: taken out before the session reads the rest.
  const camera = readCameraParameter(tour.rest);
  const graphics = readGraphicsParameter(camera.rest);
  // Online play: the room a link opens and the game server's address (README, "URL parameters").
  const online = readOnlineParameters(graphics.rest, location, defaultServerPort(import.meta.env));
  initCinematic({ fromUrl: camera.cinematic, demo: demo !== null, storage: demo ? null : storage });
  // Each tab keeps its own game: the one it played before a reload, else the latest no other tab plays.
  const gameKey = demo ? null : await claimTabGame(storage, tabStorage(), navigator.locks ?? null);
  // The session starts in a task of its own, not in the one that evaluated the page's modules.
  await nextTask();
  const session = initSession(
    { computer: workerComputer(), levels: LEVELS, defaultLevel: DEFAULT_LEVEL, firstGameLevel: FIRST_GAME_LEVEL, storage: demo ? null : storage, keepGame: !demo, gameKey: gameKey ?? undefined, shownByDirector: true, startPaused: true },
    { search: online.rest },
  );
  // Rounds another tab adds to (or deletes from) the history show here too.
  window.addEventListener('storage', (e) => {
    if (e.key === HISTORY_KEY || e.key === null) session.getState().reloadHistory();
  });
  for (const p of [problem, camera.problem, graphics.problem, online.problem && onlineTexts.urlProblem(online.problem)]) if (p) session.setState({ problems: [...session.getState().problems, p] });
  // The URL's game has started (and is saved): without its parameters a reload resumes it.
  const addressWithout = (search: string, hash: string) => history.replaceState(history.state, '', `${location.pathname}${search}${hash}`);
  if (!demo && withoutGameParameters(location.search) !== location.search) addressWithout(withoutGameParameters(location.search), location.hash);
  if (tour.open) addressWithout(readTour(location.search).rest, location.hash);
  // The rest of the start (the director, the workers, the online client) in a task of its own,
  // not in the one that started the session: each stays short.
  await nextTask();
  // A share link (at the start, or pasted into the address bar later): its record opens in replay.
  followShareLinks(session, window);
  const exactValues = initExactValues(session, new SolveClient());
  const { director } = initDirector();
  /** Whether the page watches TV: its board catches up when it falls behind (set once online play starts, below). */
  let watchingTv = () => false;
  linkDirector(session, director, () => watchingTv());
  initRoundCountdown(session);
  // The evaluation bar's background search has its own worker, so it never delays a computer's move; it searches only while engine help shows.
  const evaluation = initEvaluator(session, {
    createWorker: () => new Worker(new URL('./ai/browser/worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike,
    help: { shown: engineHelpIn, subscribe: onEngineHelpChoice },
  });
  // The strongest move on demand: a worker of its own, started at the first question.
  const strongest = initStrongestMove(session, { createWorker: () => new Worker(new URL('./ai/browser/worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike });
  if (demo) startDemo(session, demo);
  const onlineRoom = initOnline({
    endpoint: online.endpoint,
    tabStorage: tabStorage(),
    // Demo mode is nobody: it takes no key of the viewer's and keeps none. The key is made at the first
    // join, and read again at each (a key forgotten or adopted from another device counts at once).
    playerKey: demo ? undefined : () => pagePlayerKey(storage),
    session,
    address: { search: () => location.search, replace: (search) => addressWithout(search, location.hash) },
  });
  watchingTv = () => onlineRoom.getState().tv;
  if (online.room && !demo) void onlineRoom.getState().open(online.room, onlineName(storage), online.seatKey);
  else if (online.tv && !demo) void watchTv(onlineRoom.getState(), onlineName(storage));
  if (!demo) onlineRoom.subscribe((s) => s.you?.player && rememberPlayerId(storage, s.you.player));
  // A link from another device (`#player=KEY`): the page asks before its key replaces this device's
  // (the dialog takes it out of the address bar); the same key or a bad one leaves the address at once.
  const moved = demo ? null : playerKeyInFragment(location.hash);
  if (moved && 'key' in moved && moved.key !== storedPlayerKey(storage)) offerPlayerKey(moved.key);
  else if (moved) {
    addressWithout(location.search, '');
    if ('bad' in moved) session.getState().showNotice(t('profile:adopt.bad'), 'refusal');
  }
  initTour(session, tour.open);
  startSound(director, { demo: demo !== null });
  Object.defineProperty(window, 'rolit', {
    value: createHandle({
      session,
      busy: () => director.busy,
      renderInfo,
      socketScreenPosition,
      supplyScreenBox,
      sideButtonScreenBox,
      thrownBall,
      strongest: () => strongestView(strongest.getState(), session.getState().snapshot),
      online: () => {
        const { status, roomId, room, you, failure } = onlineRoom.getState();
        if (status === 'idle') return null;
        const movesShown = session.getState().shown.moves.length;
        return { room: roomId, status, phase: room?.phase ?? null, colour: you?.colour ?? null, host: you?.host ?? false, spectators: room?.spectators ?? 0, failure: failure?.kind ?? null, movesPlayed: room?.moves.length ?? 0, movesShown };
      },
      settling: createSettling({
        session,
        animating: () => director.busy,
        evaluation,
        strongest,
        exactValues,
        sceneLoading: () => !loadProgress.getState().settled,
        sceneRestoring: () => loadProgress.getState().restoring,
        scene: sceneDrawing,
        watched: [director, useCamera, useAccess, loadProgress],
        nextFrame: (callback) => requestAnimationFrame(() => callback()),
      }),
    }),
    writable: false,
    configurable: false,
  });

  startLoadingScene();
  // The installable app: the manifest in the page's language; the service worker once the 3D view has loaded (or will not).
  startInstalledApp(new Promise((loaded) => (loadProgress.getState().settled ? loaded(null) : loadProgress.subscribe((p) => p.settled && loaded(null)))));
  // Intl's number data in a task of its own while the scene loads, not in the HUD's render.
  await nextTask();
  loadNumberFormats();
  await nextTask();

  // The first render as a transition: React renders it in slices of a few milliseconds, yielding
  // between them, instead of one task that holds the page for the whole HUD.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App levels={LEVELS} defaultLevel={FIRST_GAME_LEVEL} />
      </StrictMode>,
    ),
  );
}
void start();
