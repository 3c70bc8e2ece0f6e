/**
 * The HUD's short bar, one row: New game, Undo (in a game a person plays), Pause and Step in a game
 * no person plays, Skip while there are animations to skip, and the Menu that holds everything else
 * (SettingsMenu). On a phone Skip, Pause, Step and Menu show their symbols (named in words all the same).
 */
import { useRef } from 'react';
import { useSession } from '../../app/page/pageSession';
import { useDirector } from '../../director/index';
import { BarLabel, useWatching, WatchControls } from '../watch/WatchControls';
import { useToolbarHeight } from '../useToolbarHeight';
import { t } from '../../i18n/index';
import { SettingsMenu } from './SettingsMenu';
import { useLoadProgress } from '../../scene/loadProgress';

export function Toolbar({ onNewGame, onRules }: { onNewGame: () => void; onRules: () => void }) {
  const takeBacks = useSession((s) => s.snapshot.setup.takeBacks);
  const canUndo = useSession((s) => s.snapshot.canUndo);
  const { undo } = useSession.getState();
  const busy = useDirector((s) => s.busy);
  // Nothing to take back in a game no person plays.
  const watching = useWatching();
  const skip = useDirector((s) => s.skip);
  // Nothing to skip on the loading screen: the animations wait for the 3D view.
  const loaded = useLoadProgress((p) => p.settled);
  const toolbar = useRef<HTMLElement>(null);
  useToolbarHeight(toolbar);
  return (
    <nav ref={toolbar} className="toolbar panel" aria-label={t('hud:controls')}>
      {/* First in the tab order, only while there is something to skip; drawn beside the bar, not in it (hud.css). */}
      {busy && loaded && (
        <button className="btn skip" onClick={skip} title={t('hud:skipTitle')} aria-label={t('hud:skip')}>
          <BarLabel symbol={'\u00BB'} text={t('hud:skip')} />
        </button>
      )}
      <WatchControls />
      <button className="btn primary" onClick={onNewGame}>
        {t('hud:newGame')}
      </button>
      {takeBacks && !watching && (
        <button className="btn" onClick={undo} disabled={!canUndo} title={t('hud:undoTitle')}>
          {t('hud:undo')}
        </button>
      )}
      <SettingsMenu onRules={onRules} />
    </nav>
  );
}
