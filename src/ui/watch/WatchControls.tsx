/**
 * Pause / resume and step for the computer players, with Space and N as shortcuts (shown in the
 * tooltips), in the toolbar, and the cinematic camera's switch, in its menu. Shown in a game the
 * computers play and people watch.
 */
import { useEffect } from 'react';
import { useSession } from '../../app/page/pageSession';
import { watchedByComputers } from '../../app/watch/watched';
import { setCinematic, useCinematic } from '../../scene/cinematicCamera';
import { watchTexts as t } from './texts';
import './watch.css';

/**
 * A mouse click on these buttons leaves the focus where it was, so Space keeps meaning pause
 * rather than pressing the button clicked last (keyboard users tabbing to a button still get it).
 */
export const keepFocus = (e: React.MouseEvent) => e.preventDefault();

/** Keys typed into a control belong to that control, not to the shortcuts. */
function typingInControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName) || target.closest('[role="dialog"]') !== null);
}

/**
 * Whether the watch controls are offered: a game on this page that computers play and people watch.
 * Online, the server plays the computer seats: nothing here to pause or step. A game a person plays
 * offers none of them either.
 */
export function useWatching(): boolean {
  return useSession((s) => s.turnsHere && s.seats.some((seat) => seat.kind === 'computer') && watchedByComputers(s.seats));
}

/** A toolbar button's words, or on a phone its symbol (the button's aria-label keeps the words). */
export function BarLabel({ symbol, text }: { symbol: string; text: string }) {
  return (
    <>
      <span className="bar-symbol" aria-hidden="true">
        {symbol}
      </span>
      <span className="bar-word">{text}</span>
    </>
  );
}

/** The cinematic camera's switch, in the menu's views while people watch computers play. */
export function CinematicSwitch() {
  const watching = useWatching();
  const cinematic = useCinematic();
  if (!watching) return null;
  return (
    <button className={`btn${cinematic ? ' on' : ''}`} aria-pressed={cinematic} onMouseDown={keepFocus} onClick={() => setCinematic(!cinematic)} title={t.cinematicTip}>
      {t.cinematic}
    </button>
  );
}

export function WatchControls() {
  const paused = useSession((s) => s.spectatorPaused);
  const anyComputer = useWatching();
  const { setSpectatorPaused: setPaused, step } = useSession.getState();

  useEffect(() => {
    if (!anyComputer) return;
    const onKey = (e: KeyboardEvent) => {
      // N (step) is one of the page's shortcuts (a11y/shortcuts.ts); Space is not a single-character shortcut.
      if (e.defaultPrevented || e.key !== ' ' || e.ctrlKey || e.metaKey || e.altKey || typingInControl(e.target)) return;
      e.preventDefault();
      setPaused(!useSession.getState().spectatorPaused);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [anyComputer, setPaused]);

  if (!anyComputer) return null;
  return (
    <span className="group watch-controls">
      <button className={`btn${paused ? ' on' : ''}`} aria-pressed={paused} aria-label={paused ? t.resume : t.pause} onMouseDown={keepFocus} onClick={() => setPaused(!paused)} title={paused ? t.resumeTip : t.pauseTip} aria-keyshortcuts="Space">
        <BarLabel symbol={paused ? '\u25B6\uFE0E' : '\u2759\u2759'} text={paused ? t.resume : t.pause} />
      </button>
      <button className="btn" aria-label={t.step} onMouseDown={keepFocus} onClick={step} title={t.stepTip} aria-keyshortcuts="N">
        <BarLabel symbol={'\u25B6\uFE0E\u2759'} text={t.step} />
      </button>
    </span>
  );
}
