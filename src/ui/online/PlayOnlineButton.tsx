/** The button that opens the Play online dialog (in the toolbar's menu, the new-game dialog and the first-visit rules). */
import type { MouseEvent } from 'react';
import { t } from '../../i18n/index';
import { openPlayOnline } from './playOnline';
import './playOnline.css';

/** `before` runs first: the dialog it sits in closes, so Play online takes its place. */
export function PlayOnlineButton({ before, primary = false }: { before?: () => void; primary?: boolean }) {
  const open = (e: MouseEvent<HTMLButtonElement>) => {
    const opener = e.currentTarget;
    before?.();
    openPlayOnline(opener);
  };
  return (
    <button type="button" className={primary ? 'btn primary' : 'btn'} title={t('lobby:playOnlineTitle')} onClick={open} data-testid="open-play-online">
      {t('lobby:playOnline')}
    </button>
  );
}
