/**
 * Continue on another device: a link carrying this seat's key, which takes the seat there (and
 * closes it here). Folded, since the link is a secret to copy, not to show.
 */
import { inviteLink } from '../../app/online/onlineAddress';
import { t } from '../../i18n/index';
import { CopyButton } from './CopyButton';

export function AnotherDevice({ roomId, seatKey }: { roomId: string; seatKey: string }) {
  const link = inviteLink(location, roomId, seatKey);
  return (
    <details className="another-device" data-testid="another-device">
      <summary>{t('online:anotherDevice')}</summary>
      <p className="note">{t('online:anotherDeviceNote')}</p>
      <div className="row">
        <label>
          {t('online:seatLink')}
          <input type="text" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="seat-link" />
        </label>
        <CopyButton text={link} label={t('online:copySeatLink')} testId="copy-seat-link" />
      </div>
    </details>
  );
}
