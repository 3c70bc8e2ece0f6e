/**
 * The page is not (or no longer) in the room: why, with a retry where it may help, the saved rounds
 * of a closed room, or back to local play. Without a network it says so: the room is tried again by
 * itself when the network returns (pageOnline.ts).
 */
import { useRef } from 'react';
import { ONLINE_NAME_KEY, onlineEndpoint, useOnline } from '../../app/online/pageOnline';
import { onlineTexts } from '../../app/online/onlineTexts';
import { pageStorage } from '../../app/page/pageStorage';
import { useNetwork } from '../../app/page/network';
import { t } from '../../i18n/index';
import { useDialogFocus } from '../a11y/useDialogFocus';
import { UnfinishedRounds } from './UnfinishedRounds';

export function Failed() {
  const { failure, roomId } = useOnline((s) => s);
  const { open, leave } = useOnline.getState();
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, () => void leave());
  const shown = failure ?? { kind: 'lost' as const, code: null, detail: '' };
  const kind = shown.kind;
  // A room the server closed as it stopped is gone: its round is played on here, not rejoined.
  const closed = kind === 'closed' || kind === 'faulted';
  const offline = !useNetwork((s) => s.online) && (kind === 'lost' || kind === 'serverDown');
  const retry = roomId !== null && kind !== 'unknownRoom' && !closed && !offline;
  const detail = offline ? null : onlineTexts.failureDetail(shown);
  return (
    <div className="overlay" role="alertdialog" aria-modal="true" aria-labelledby="online-failed-title" aria-describedby="online-failed-text" ref={ref} data-testid="online-failed">
      <div className="card dialog">
        <h2 id="online-failed-title">{t('online:failedTitle')}</h2>
        <p id="online-failed-text" data-testid="online-failure" data-kind={kind} data-offline={offline}>
          {offline ? t('app:offline.room') : onlineTexts.failure(shown, onlineEndpoint())}
        </p>
        {detail && <p className="note" data-testid="online-failure-detail">{detail}</p>}
        <div className="actions">
          {closed && <UnfinishedRounds />}
          {retry && (
            <button type="button" className="btn" onClick={() => void open(roomId!, pageStorage()?.getItem(ONLINE_NAME_KEY) ?? t('online:defaultName'))}>
              {t('online:retry')}
            </button>
          )}
          <button type="button" className="btn primary" onClick={() => void leave()} data-testid="play-locally">
            {t('online:playLocally')}
          </button>
        </div>
      </div>
    </div>
  );
}
