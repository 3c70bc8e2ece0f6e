import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { basename, resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import { visualizer } from 'rollup-plugin-visualizer';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { gameServerPlugin } from './scripts/gameServerPlugin.js';
import { canvasElementsPlugin } from './scripts/canvasElementsPlugin.js';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest, otherLanguageManifests } from './scripts/appManifest.js';
import { manifestFile } from './src/app/page/manifestFile.js';

/**
 * What the first move never needs is fetched when asked for and named `later-…`, so that the byte budget
 * until the first move (`npm run size`, package.json "size-limit") leaves it out: the languages other than
 * English (one chunk each), the New-game and Play online dialogs, the online client, augmented reality,
 * the offer to return to a game, the player's profile and leaderboard (and the QR code of the link to
 * another device), the replay's controls, the Open, Share, History, video clip and Continue-from-here dialogs, the end of a
 * round (its count and result), the guided tour's panel, and Workbox's library that registers the service worker once the page
 * has loaded.
 */
const LATER_COMPONENTS = [
  'src/ui/NewGameDialog.tsx',
  'src/ui/replay/OpenRecordDialog.tsx',
  'src/ui/replay/ShareDialog.tsx',
  'src/ui/replay/HistoryDialog.tsx',
  'src/ui/replay/ClipDialog.tsx',
  'src/ui/replay/ReplayBar.tsx',
  'src/ui/analysis/ContinueDialog.tsx',
  'src/ui/roundEnd/RoundCount.tsx',
  'src/ui/RoundOver.tsx',
  'src/ui/online/PlayOnlineDialog.tsx',
  'src/ui/online/OnlinePanel.tsx',
  'src/ui/ar/ArView.ts',
  'src/ui/online/ReturnToGame.tsx',
  'src/ui/online/ProfileDialog.tsx',
  'src/ui/online/DeviceQr.tsx',
  'src/ui/tour/TourPanel.tsx',
];
const LATER_ENTRIES = [/\/src\/i18n\/locales\/(?!en\/)/, ...LATER_COMPONENTS.map((path) => new RegExp(`/${path.replaceAll('.', '\\.')}$`)), /\/node_modules\/@colyseus\/sdk\//, /\/node_modules\/workbox-window\//];
/** Modules that later parts alone share (the name fields of Play online and the lobby): their own chunk, a later- one too. */
const LATER_SHARED = [/\/src\/app\/online\/typedNameProblem\.ts$/, /\/src\/wire\/names\.ts$/];
const chunkFileName = ({ isDynamicEntry, facadeModuleId, name, moduleIds }: { isDynamicEntry: boolean; facadeModuleId: string | null; name: string; moduleIds: readonly string[] }) => {
  if (!isDynamicEntry && moduleIds.length > 0 && moduleIds.every((id) => LATER_SHARED.some((shared) => shared.test(id)))) return `assets/later-${name}-[hash].js`;
  if (!isDynamicEntry || !LATER_ENTRIES.some((entry) => entry.test(facadeModuleId ?? ''))) return 'assets/[name]-[hash].js';
  const language = /\/locales\/(\w+)\//.exec(facadeModuleId ?? '')?.[1];
  return `assets/later-${language ? `texts-${language}` : name}-[hash].js`;
};
/** The styles of a later component's chunk come with it (the dynamic import fetches them): named `later-…` too. */
const LATER_STYLES = LATER_COMPONENTS.map((path) => `${basename(path, '.tsx')}.css`);
const assetFileName = ({ names }: { names: readonly string[] }) => (names.some((name) => LATER_STYLES.includes(name)) ? 'assets/later-[name]-[hash][extname]' : 'assets/[name]-[hash][extname]');
/**
 * Three chunks until the first move: the page's own (its start, the HUD, the session, the engine, the
 * English texts, i18next), three.js, and the scene's: everything else the 3D view's dynamic import
 * (src/ui/SceneHost.tsx) brings that the page's start does not import, and React DOM's client
 * (src/main.tsx imports it when it renders). react-three-fiber carries its own copy of React's
 * reconciler, most of React DOM's code: compressed in one file, the copy costs a fraction (15 kB
 * less brotli than React DOM in the page's chunk). All are fetched at once (the links below), and
 * each is evaluated in a task of its own (three.js apart from the scene's: 2.4 kB more brotli than
 * one chunk, which took over 100 ms to evaluate).
 */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const REACT_DOM_CLIENT = /\/node_modules\/(react-dom\/cjs\/react-dom-client\.|react-dom\/client\.js$|scheduler\/)/;
const staticallyReached = (graph: ModuleGraph, from: string): Set<string> => {
  const reached = new Set<string>();
  for (let queue = [from], id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
};
let startChunks: { page: Set<string>; scene: Set<string> } | null = null;
const startChunk = (id: string, graph: ModuleGraph): string | null => {
  if (!startChunks) {
    const page = staticallyReached(graph, resolve(import.meta.dirname, 'src/main.tsx'));
    startChunks = { page, scene: new Set([...staticallyReached(graph, resolve(import.meta.dirname, 'src/scene/index.ts'))].filter((module) => !page.has(module))) };
  }
  if (startChunks.scene.has(id) && /\/node_modules\/three\//.test(id)) return 'three';
  if (startChunks.scene.has(id) || REACT_DOM_CLIENT.test(id)) return 'scene';
  return startChunks.page.has(id) ? 'page' : null;
};
/** Fetches the scene's chunks with the page's, not once the page's has run (index.html). */
const fetchSceneChunk = {
  name: 'fetch-scene-chunk',
  transformIndexHtml: {
    order: 'post' as const,
    handler(_html: string, { bundle }: { bundle?: Record<string, { type: string; name?: string; fileName: string }> }) {
      const scene = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk' && (file.name === 'scene' || file.name === 'three'));
      return scene.map((chunk) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' as const }));
    },
  },
};

// `npm run measure:bundle` (BUNDLE_REPORT=1): a treemap of what each chunk holds, gzip sizes included.
const bundleReport = process.env.BUNDLE_REPORT ? [visualizer({ filename: 'bundle-report.html', template: 'treemap', gzipSize: true })] : [];

// Each built text file gets its brotli (best quality) and gzip copies beside it, made once here;
// the game server sends the smallest one the browser takes (src/server/front/appFiles.ts).
const compressedCopies = compression({
  algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }), defineAlgorithm('gzip', { level: 9 })],
  threshold: 1024,
});

// The installable app (docs/app.md, "Install and offline"): the manifests and a service worker made by
// Workbox that keeps every file of the build (not the compressed copies, nor the icons, which the
// browser keeps itself on install), so every part that needs no server plays offline, and a version
// is taken whole: a page never runs with a script of another build. A new version waits until the
// player reloads (registerType 'prompt', src/app/page/serviceWorker.ts registers it). Off in the dev server.
const installableApp = [
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: manifestFile('en'),
    manifest: appManifest('en'),
    includeManifestIcons: false,
    workbox: {
      globPatterns: ['**/*'],
      globIgnores: ['**/*.br', '**/*.gz', 'icons/**', manifestFile('en')], // the English manifest is the plugin's own entry
      // Served by the game server with a long cache life (src/server/front/appFiles.ts): their names change with their content.
      dontCacheBustURLsMatching: /^assets\//,
      // The page at `/` whatever its query (a game, a room, a replay link); every other path is the game server's (records, players, bots).
      navigateFallback: 'index.html',
      navigateFallbackAllowlist: [/^\/(index\.html)?(\?.*)?$/],
      // The first install controls the page it was installed from, so it plays offline without a reload.
      clientsClaim: true,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  }),
  otherLanguageManifests(),
];

export default defineConfig({
  // The game server of online play runs beside the dev server (scripts/gameServerPlugin.ts).
  plugins: [react(), gameServerPlugin(), canvasElementsPlugin(), fetchSceneChunk, ...installableApp, compressedCopies, ...bundleReport],
  // React DOM and react-three-fiber each ask for their own copy of React's scheduler (the same code): one is sent.
  resolve: { dedupe: ['scheduler'] },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 2500,
    rolldownOptions: { output: { chunkFileNames: chunkFileName, assetFileNames: assetFileName, codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: startChunk }] } } },
  },
  // The computer players' worker starts with the one-move levels; every search comes when first needed
  // (src/ai/browser/worker.ts): a later- chunk.
  worker: { format: 'es', rolldownOptions: { output: { chunkFileNames: 'assets/later-[name]-[hash].js' } } },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/support/fileTimes.ts'],
    projects: [
      {
        extends: true,
        // A file per core (vitest's default leaves one core free: on a 2-core machine, half of it idle).
        // Files share their worker's modules (isolate: false): the texts and the libraries load once per
        // worker, not once per file (100 s against 146 s), so a test puts back whatever global it changes.
        test: { name: 'unit', setupFiles: ['test/support/languages.ts'], include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: [...configDefaults.exclude, 'test/browser/**'], maxWorkers: '100%', isolate: false },
      },
      {
        // One served build for the run and a Chromium per worker (globalSetup.ts); two files at a time,
        // as a page's software rendering leaves part of two cores idle (docs/testing.md, The browser run).
        // Timeouts are generous: each file runs beside another on a 2-core machine.
        extends: true,
        test: { name: 'browser', include: ['test/browser/**/*.test.ts'], globalSetup: ['test/browser/globalSetup.ts'], maxWorkers: 2, testTimeout: 120_000 },
      },
    ],
  },
});
