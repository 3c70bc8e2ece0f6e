/** A seat's name: the player's, a computer's as in the seats panel ("Master 2"), or Free seat. */
import type { RoomSnapshot } from '../../wire/roomSnapshot';
import { t } from '../../i18n/index';
import { seatName } from '../../app/online/onlineLink';

export function seatLabel(room: Pick<RoomSnapshot, 'seats'>, seat: number): string {
  return seatName(room, seat) || t('online:freeSeat');
}
