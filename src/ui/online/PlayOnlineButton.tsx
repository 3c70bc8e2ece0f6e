/** The button that opens the Play online dialog (in the toolbar's menu, the new-game dialog and the first-visit rules). */
import { t } from '../../i18n/index';
import { setPlayOnlineOpen } from './playOnline';
import './playOnline.css';

/** `before` runs first: the dialog it sits in closes, so Play online takes its place. */
export function PlayOnlineButton({ before, primary = false }: { before?: () => void; primary?: boolean }) {
  const open = () => {
    before?.();
    setPlayOnlineOpen(true);
  };
  return (
    <button type="button" className={primary ? 'btn primary' : 'btn'} title={t('lobby:playOnlineTitle')} onClick={open} data-testid="open-play-online">
      {t('lobby:playOnline')}
    </button>
  );
}
