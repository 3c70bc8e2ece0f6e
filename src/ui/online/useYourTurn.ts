/**
 * An online player's turn is announced beyond the board, for a page in a background tab: the tab's
 * title says "Your turn" (the page's own title comes back after), a short sound plays (unless the
 * sound is muted) and a phone that allows it vibrates.
 */
import { useEffect } from 'react';
import { playNow } from '../../audio/sound';
import { turnTitle } from '../../app/online/remoteRound';
import { yourTurnShown } from '../../app/session/remoteRound';
import { useSession } from '../../app/page/pageSession';
import { t } from '../../i18n/index';

export function useYourTurn(): void {
  const yours = useSession(yourTurnShown);
  const words = t('online:yourTurn');
  useEffect(() => {
    if (!yours) return;
    const title = document.title;
    document.title = turnTitle(title, true, words);
    return () => {
      document.title = title;
    };
  }, [yours, words]);
  useEffect(() => {
    if (!yours) return;
    playNow('yourTurn');
    try {
      // Phones only, and only after the person has touched the page: elsewhere it does nothing.
      navigator.vibrate?.(120);
    } catch {
      // A browser that refuses vibration outright: the title and the sound still tell.
    }
  }, [yours]);
}
