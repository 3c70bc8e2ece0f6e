/** Asks before resigning: the computer plays on for this seat until the round ends. */
import { useRef } from 'react';
import { useOnline } from '../../app/online/pageOnline';
import { t } from '../../i18n/index';
import { useDialogFocus } from '../a11y/useDialogFocus';

export function ResignConfirm({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, onClose);
  const resign = () => {
    useOnline.getState().send('resign');
    onClose();
  };
  return (
    <div className="overlay" role="alertdialog" aria-modal="true" aria-labelledby="resign-title" aria-describedby="resign-text" ref={ref} data-testid="resign-confirm">
      <div className="card dialog">
        <h2 id="resign-title">{t('online:resignTitle')}</h2>
        <p id="resign-text">{t('online:resignText')}</p>
        <div className="actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('online:keepPlaying')}
          </button>
          <button type="button" className="btn primary" onClick={resign} data-testid="resign-confirmed">
            {t('online:resignConfirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
