/** A seat's presence: a dot with its word (connected, disconnected with the countdown, computer), from who holds it and why. */
import type { RoomSeat } from '../../wire/roomSnapshot';
import { levelName, t } from '../../i18n/index';
import { useNow } from '../hud/useNow';

export function Presence({ seat }: { seat: RoomSeat }) {
  const now = useNow(seat.dropDeadline > 0);
  let word: string;
  let state: 'on' | 'off' | 'computer';
  if (seat.reason === 'resigned') {
    state = 'computer';
    word = t('online:resignedSeat', { level: levelName(seat.level) });
  } else if (seat.reason === 'computerSeat') {
    state = 'computer';
    word = t('online:computer', { level: levelName(seat.level) });
  } else if (seat.holder === 'computer') {
    // A person's seat a computer plays (away past the grace, or gone).
    state = 'computer';
    word = t('online:standIn', { level: levelName(seat.level) });
  } else if (seat.reason === 'free') {
    state = 'off';
    word = t('online:free');
  } else if (seat.reason === 'seated') {
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
