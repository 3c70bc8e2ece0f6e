/** A seat's presence: a dot with its word (connected, disconnected with the countdown, computer). */
import type { SeatView } from '../../app/online/onlineRoom';
import { levelName, t } from '../../i18n/index';
import { useNow } from '../hud/useNow';

export function Presence({ seat }: { seat: SeatView }) {
  const now = useNow(seat.dropDeadline > 0);
  let word: string;
  let state: 'on' | 'off' | 'computer';
  if (seat.resigned) {
    state = 'computer';
    word = t('online:resignedSeat', { level: levelName(seat.level) });
  } else if (seat.kind === 'computer' || seat.standIn) {
    state = 'computer';
    word = seat.standIn ? t('online:standIn', { level: levelName(seat.level) }) : t('online:computer', { level: levelName(seat.level) });
  } else if (!seat.name) {
    state = 'off';
    word = t('online:free');
  } else if (seat.connected) {
    state = 'on';
    word = t('online:connected');
  } else {
    state = 'off';
    word = seat.dropDeadline > 0 ? t('online:droppedFor', { count: Math.max(0, Math.ceil((seat.dropDeadline - now) / 1000)) }) : t('online:disconnected');
  }
  return (
    <span className="presence" data-presence={state}>
      <span className={`presence-dot ${state}`} aria-hidden="true" />
      {word}
    </span>
  );
}
