/** A seat's name: the player's ("Ann", a bot's "Ann (bot)"), a computer's as in the seats panel ("Master 2"), or Free seat. */
import type { RoomSnapshot } from '../../wire/roomSnapshot';
import { t } from '../../i18n/index';
import { seatName } from '../../app/online/onlineLink';
import { onlineTexts } from '../../app/online/onlineTexts';

export function seatLabel(room: Pick<RoomSnapshot, 'seats'>, seat: number): string {
  const name = seatName(room, seat);
  if (!name) return t('online:freeSeat');
  return room.seats[seat].bot ? onlineTexts.botName(name) : name;
}
