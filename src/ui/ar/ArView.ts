/**
 * Augmented reality, fetched when its button is pressed (ArButton.tsx): asks the browser for an
 * immersive-ar session with hit-test (the page as its DOM overlay where offered, so the HUD shows
 * over the room; the room's light estimate where offered), stands the canvas's scene in it
 * (scene/arTable.ts) and shows the controls of the board in the room. Leaving, or the browser
 * ending the session, puts the page's view back; the game never stops.
 *
 * Everything it works with comes in `AR` (ArButton.tsx): it imports nothing, so the bundler
 * splits none of the first download's chunks for it (scene/arKit.ts says why). Its controls are
 * plain elements for the same reason (no React root of its own).
 */
import type { ArPhase, ArTable } from '../../scene/arTable';
import type { ArKit } from '../../scene/arKit';
import { startArTable } from '../../scene/arTable';

/** What entering AR needs from the page. */
export interface ArPage {
  kit: ArKit;
  /** The page's texts in its language. */
  t: (key: string) => string;
  /** Gives the focus back to the button that entered AR (settingsMenu.ts, returnFocus). */
  returnFocus: (control: HTMLElement | null) => void;
  opener: HTMLElement | null;
}

/** One press of a Turn button (radians). */
const TURN_STEP = Math.PI / 12;
/** What a tap on the overlay may not also do to the board behind it (the session's select). */
const OVERLAY_CONTROLS = 'button, input, select, a, .panel, [role="dialog"]';
const CONTROLS_STYLE = 'display:flex;flex-direction:column;align-items:center;gap:6px;max-width:100%;padding:8px';

function button(text: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'btn';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

/** Enters AR; rejects with the browser's reason when the session is refused or fails. */
export async function enterAr({ kit, t, returnFocus, opener }: ArPage): Promise<void> {
  const app = document.querySelector<HTMLElement>('.app');
  const stage = app?.querySelector<HTMLElement>('.stage');
  if (!app || !stage || !navigator.xr) throw new Error('the page has no 3D view');
  const session = await navigator.xr.requestSession('immersive-ar', {
    requiredFeatures: ['hit-test'],
    optionalFeatures: ['dom-overlay', 'light-estimation'],
    domOverlay: { root: app },
  });

  /** The board in the room, once it stands there (the buttons show from the start). */
  let table: ArTable | undefined;
  const move = button(t('hud:arMove'), () => table?.move());
  const leave = button(t('hud:arLeave'), () => void table?.leave());
  leave.classList.add('primary');
  leave.dataset.testid = 'ar-leave';
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.style.cssText = 'margin:0;text-align:center';
  const buttons = document.createElement('div');
  buttons.style.cssText = 'display:flex;flex-wrap:wrap;justify-content:center;gap:6px';
  buttons.append(move, button(t('hud:arTurnLeft'), () => table?.turn(TURN_STEP)), button(t('hud:arTurnRight'), () => table?.turn(-TURN_STEP)), leave);
  const controls = document.createElement('div');
  controls.className = 'ar-controls panel';
  controls.setAttribute('role', 'group');
  controls.setAttribute('aria-label', t('hud:arEnter'));
  controls.style.cssText = CONTROLS_STYLE;
  controls.append(status, buttons);
  const show = (phase: ArPhase) => {
    controls.dataset.arPhase = phase;
    status.textContent = t(phase === 'placed' ? 'hud:arPlaced' : 'hud:arPlacing');
    move.disabled = phase !== 'placed';
  };
  // A tap on the HUD is for the HUD, not also a tap on the board behind it.
  const keepTap = (event: Event) => event.target instanceof Element && event.target.closest(OVERLAY_CONTROLS) && event.preventDefault();
  table = await startArTable(session, kit, show, () => {
    controls.remove();
    stage.style.visibility = '';
    app.removeEventListener('beforexrselect', keepTap);
    returnFocus(opener);
  });
  app.addEventListener('beforexrselect', keepTap);
  // The canvas's own picture would cover the room in the overlay: it is drawn in the session now.
  stage.style.visibility = 'hidden';
  // Above the status line (its column keeps the board's view clear of the HUD on every screen), or on the page.
  (app.querySelector('.status') ?? app).prepend(controls);
  leave.focus();
}
