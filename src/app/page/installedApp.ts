/**
 * The page as an installed app (docs/app.md, "Install and offline"): the manifest in the page's
 * language, and the service worker (made by vite-plugin-pwa with Workbox, vite.config.ts), which
 * keeps every file of the build so the page loads and plays without a network.
 *
 * The worker is registered once the page's first load is over, so its downloads never compete
 * with the first move's. A new version is announced and waits: it is taken when the player
 * reloads (the game is saved after every move, so a reload resumes it), and then in every open
 * tab of the game at once (each reloads as the new worker takes over), so no page runs on with
 * scripts the worker no longer keeps. A part of the page that cannot be fetched because the page's
 * address now serves another version (the server's new one, or a worker installed after this page
 * loaded) is announced the same way.
 */
import { create } from 'zustand';
import { registerSW } from 'virtual:pwa-register';
import { currentLanguage, i18next, t } from '../../i18n/index';
import { linkManifest } from './manifestFile';
import { useSession } from './pageSession';

export interface AppVersion {
  /** A new version is ready: installed and waiting, or on the server in place of this one's files. */
  updateReady: boolean;
}

export const useAppVersion = create<AppVersion>(() => ({ updateReady: false }));

/** How often a page left open asks the server whether there is a new version (the browser also asks at each load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Set once the worker is registered: makes the waiting worker take over (the page then reloads). */
let takeWaiting: (() => Promise<void>) | null = null;
/** A new worker is installed and waits. */
let waiting = false;

/** Links the manifest of the page's language (following each change of language) and registers the worker once `firstLoadOver` resolves. */
export function startInstalledApp(firstLoadOver: Promise<unknown>): void {
  linkManifest(currentLanguage());
  i18next.on('languageChanged', () => linkManifest(currentLanguage()));
  window.addEventListener('vite:preloadError', () => {
    void newVersionServed().then((newer) => newer && useAppVersion.setState({ updateReady: true }));
  });
  void firstLoadOver.then(afterIdle).then(register);
}

/**
 * A part of the page whose script could not be fetched (src/ui/LaterPart.tsx): the update notice
 * when the page's address serves a new version, else a notice that the part could not be loaded.
 */
export function laterPartFailed(): void {
  void newVersionServed().then((newer) => (newer ? useAppVersion.setState({ updateReady: true }) : useSession.getState().showNotice(() => t('app:offline.partFailed'))));
}

/** The start script the page's address serves now (the worker's kept page, else the server's) is another than this page's: a new version. */
async function newVersionServed(): Promise<boolean> {
  const running = document.querySelector('script[type="module"][src]')?.getAttribute('src');
  try {
    const page = await (await fetch('/', { cache: 'no-store' })).text();
    const served = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(page)?.[1];
    return Boolean(running && served && served !== running);
  } catch {
    return false; // no network: that is why the part failed
  }
}

const afterIdle = () => new Promise<void>((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 0)));

/** Registers the worker (Workbox's window library is fetched only now; the dev server's registerSW is a stand-in that registers nothing). */
function register(): void {
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      // When the new worker takes over (this tab's Reload or another's), this tab reloads into it. Said
      // here, as registerSW reloads only a tab the worker controlled before it registered.
      if (!waiting) navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
      waiting = true;
      useAppVersion.setState({ updateReady: true });
    },
    onRegisteredSW(_url, registration) {
      if (registration) keepAsking(registration);
    },
    onRegisterError(error: unknown) {
      console.warn(`Rolit 3D cannot keep its files for offline play in this browser: ${error instanceof Error ? error.message : String(error)}`);
    },
  });
  takeWaiting = () => update(true);
}

/** Asks for a new version every hour and whenever the page is shown again, while there is a network. */
function keepAsking(registration: ServiceWorkerRegistration): void {
  const ask = () => {
    if (navigator.onLine) registration.update().catch(() => undefined); // a failed check is tried at the next one
  };
  setInterval(ask, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && ask());
}

/** Takes the new version: the waiting worker takes over and the page reloads (above); without one, a plain reload fetches the server's version. */
export function takeUpdate(): void {
  if (waiting && takeWaiting) void takeWaiting();
  else location.reload();
}

/** Leaves the announcement until the next new version or reload. */
export function postponeUpdate(): void {
  useAppVersion.setState({ updateReady: false });
}
