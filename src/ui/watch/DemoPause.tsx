/**
 * Demo mode's pause button: small and always on screen (a page that moves by itself must be
 * pausable), in a corner away from the toolbar, which may wrap or move on small screens. The same
 * spectator pause as the toolbar's Pause and Space.
 */
import { useDemoRunning } from '../../app/watch/demo';
import { useSession } from '../../app/page/pageSession';
import { keepFocus } from './WatchControls';
import { watchTexts as t } from './texts';

export function DemoPause() {
  const running = useDemoRunning();
  const paused = useSession((s) => s.spectatorPaused);
  if (!running) return null;
  return (
    <div className="demo-pause panel" role="group" aria-label={t.demoControls} data-testid="demo-pause">
      <span className="demo-label">{t.demoBanner}</span>
      <button className={`btn${paused ? ' on' : ''}`} aria-pressed={paused} onMouseDown={keepFocus} onClick={() => useSession.getState().setSpectatorPaused(!paused)} title={paused ? t.resumeTip : t.pauseTip} aria-keyshortcuts="Space">
        {paused ? `▶ ${t.resume}` : `❚❚ ${t.pause}`}
      </button>
    </div>
  );
}
