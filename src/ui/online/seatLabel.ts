/** A seat's name: the player's, a computer's as in the seats panel ("Master 2"), or Free seat. */
import type { RoomView } from '../../app/online/onlineRoom';
import { t } from '../../i18n/index';
import { seatName } from '../../app/online/onlineLink';

export function seatLabel(view: RoomView, seat: number): string {
  return seatName(view, seat) || t('online:freeSeat');
}
