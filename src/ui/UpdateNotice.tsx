/**
 * "A new version is ready: reload", with Reload and Not now (src/app/page/installedApp.ts), in the
 * place of the page's other notices (under the toolbar's row; at the top on a phone). It waits
 * while the player is seated in an online round in play, where a reload would drop them from
 * the table for a moment; a game on this device is saved after every move and resumes as it was.
 */
import { useAppVersion, postponeUpdate, takeUpdate } from '../app/page/installedApp';
import { useOnline } from '../app/online/pageOnline';
import { t } from '../i18n/index';
import './updateNotice.css';

export function UpdateNotice() {
  const ready = useAppVersion((s) => s.updateReady);
  const seatedInRound = useOnline((s) => s.status !== 'idle' && s.room?.phase === 'playing' && Boolean(s.you?.colour));
  if (!ready || seatedInRound) return null;
  return (
    <div className="problems update-notice" role="status" data-testid="update-ready">
      <p>{t('app:update.ready')}</p>
      <div className="row">
        <button type="button" className="btn primary" onClick={takeUpdate} data-testid="update-reload">
          {t('app:update.reload')}
        </button>
        <button type="button" className="btn" onClick={postponeUpdate}>
          {t('app:update.later')}
        </button>
      </div>
    </div>
  );
}
