/**
 * The toolbar's Menu: a disclosure button (aria-expanded) and the panel it shows under it, holding
 * what a player sets once or uses now and then: speed, sound, language; hints, coordinates and
 * engine help; the camera's views; rules, the tour, the keys, and the game records. Escape
 * closes it and puts the focus back on its button; a click or the focus going elsewhere closes it.
 * Its settings leave it open (a player adjusting several); its actions close it: a view, the tour,
 * and every dialog (Rules, Keys, Open, Share, History), whose closing gives the focus back to the
 * Menu button (returnFocus), the board in full view.
 */
import { type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { engineHelpShown } from '../../app/session/remoteRound';
import { useSession } from '../../app/page/pageSession';
import { SPEEDS } from '../../app/setup/settings';
import { t } from '../../i18n/index';
import { HelpButton } from '../a11y/HelpOverlay';
import { ArButton } from '../ar/ArButton';
import { useOpenDialogs } from '../a11y/openDialogs';
import { ResetViewButton } from '../a11y/ResetView';
import { CameraButtons } from '../CameraButtons';
import { LanguageSelect } from '../LanguageSelect';
import { RecordButtons } from '../replay/RecordButtons';
import { TourButton } from '../tour/TourButton';
import { PlayOnlineButton } from '../online/PlayOnlineButton';
import { SoundControls } from '../watch/SoundControls';
import { BarLabel, CinematicSwitch } from '../watch/WatchControls';
import { setEngineHelpHidden, useEngineHelpHidden } from '../engineHelp';
import { hudTexts } from './hudTexts';
import { MENU_BUTTON_ID, SETTINGS_MENU_ID, setMenuOpen, toggleMenu, useSettingsMenu } from './settingsMenu';

function speedLabel(speed: number): string {
  return speed === Infinity ? t('hud:instant') : t('hud:speedTimes', { speed });
}

/** A titled group of the panel. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="menu-section" role="group" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <div className="menu-controls">{children}</div>
    </div>
  );
}

/** An on/off setting: a checkbox and its words (its state shown by the tick, not by colour). */
function Switch({ label, title, checked, onChange }: { label: string; title: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="menu-switch" title={title}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function SettingsMenu({ onRules }: { onRules: () => void }) {
  const open = useSettingsMenu((s) => s.open);
  const settings = useSession((s) => s.settings);
  const { setSpeed, setSocketDots, setCoordinates } = useSession.getState();
  const helpHidden = useEngineHelpHidden();
  // An online player has no engine-help switch unless the host allowed engine help.
  const help = useSession(engineHelpShown);
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  // Entering or leaving a replay (a record opened, a round of the history replayed) shows the board:
  // the menu steps aside, unless the focus is in it (a player using it).
  const replaying = useSession((s) => s.replay !== null);
  useEffect(() => {
    if (!wrapper.current?.contains(document.activeElement)) setMenuOpen(false);
  }, [replaying]);

  // A press anywhere else closes it, unless a dialog is in front (one opened by a shortcut).
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (useOpenDialogs.getState().open.length > 0) return;
      if (e.target instanceof Node && wrapper.current?.contains(e.target)) return;
      setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointer, true);
    return () => document.removeEventListener('pointerdown', onPointer, true);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    // A dialog takes its own Escape (one opened from the menu passes its events here through the portal).
    if (e.key !== 'Escape' || !open || e.defaultPrevented || useOpenDialogs.getState().open.length > 0) return;
    if (!(e.target instanceof Node && wrapper.current?.contains(e.target))) return;
    e.preventDefault();
    setMenuOpen(false);
    button.current?.focus();
  };

  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget;
    if (!open || !(next instanceof Element)) return;
    if (wrapper.current?.contains(next) || next.closest('[role="dialog"]')) return;
    setMenuOpen(false);
  };

  // An action steps aside for what it opens: a view or the tour is for looking at the board, a
  // dialog's closing gives the focus to the Menu button (returnFocus). Settings leave it open.
  const closeAfter = (e: MouseEvent) => {
    if (e.target instanceof Element && e.target.closest('[data-closes-menu]')) setMenuOpen(false);
  };

  return (
    <div className="settings" ref={wrapper} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        id={MENU_BUTTON_ID}
        type="button"
        className={`btn menu-button${open ? ' on' : ''}`}
        aria-expanded={open}
        aria-label={t('hud:menu')}
        aria-controls={SETTINGS_MENU_ID}
        title={t('hud:menuTitle')}
        onClick={toggleMenu}
        data-testid="menu-button"
      >
        <BarLabel symbol="☰" text={t('hud:menu')} />
      </button>
      <div id={SETTINGS_MENU_ID} className="settings-menu panel" role="group" aria-label={t('hud:menuLabel')} hidden={!open} onClick={closeAfter}>
        <Section title={t('hud:menuGame')}>
          <label className="menu-field">
            <span>{t('hud:speed')}</span>
            <select aria-label={t('hud:speedLabel')} value={String(settings.speed)} onChange={(e) => setSpeed(Number(e.target.value))}>
              {SPEEDS.map((s) => (
                <option key={s} value={String(s)}>
                  {speedLabel(s)}
                </option>
              ))}
            </select>
          </label>
          <SoundControls />
          <label className="menu-field">
            <span>{t('hud:language')}</span>
            <LanguageSelect />
          </label>
        </Section>
        <Section title={t('hud:menuBoard')}>
          <Switch label={t('hud:hints')} title={t('hud:hintsTitle')} checked={settings.socketDots} onChange={setSocketDots} />
          <Switch label={t('hud:coordinates')} title={hudTexts.coordinatesTitle} checked={settings.coordinates} onChange={setCoordinates} />
          {help && <Switch label={t('hud:engineHelp')} title={t('hud:engineHelpTitle')} checked={!helpHidden} onChange={(on) => setEngineHelpHidden(!on)} />}
        </Section>
        <Section title={t('hud:menuView')}>
          <span data-closes-menu>
            <CameraButtons />
          </span>
          <span data-closes-menu>
            <ResetViewButton />
          </span>
          <span data-closes-menu>
            <CinematicSwitch />
          </span>
          <span data-closes-menu>
            <ArButton />
          </span>
        </Section>
        <Section title={t('hud:menuMore')}>
          <span data-closes-menu>
            <PlayOnlineButton />
          </span>
          <span data-closes-menu>
            <button type="button" className="btn" onClick={onRules} title={hudTexts.rulesTitle}>
              {hudTexts.rules}
            </button>
          </span>
          <span data-closes-menu>
            <TourButton />
          </span>
          <span data-closes-menu>
            <HelpButton />
          </span>
          <span data-closes-menu>
            <RecordButtons />
          </span>
        </Section>
      </div>
    </div>
  );
}
