/**
 * Leaving a round in play, told before it costs (docs/play-online.md): the Leave button asks
 * first, saying that a computer plays the seat and within how many of the person's moves they
 * must return before the round counts as given up (the match flow's count, src/flow/givingUp.ts);
 * closing or reloading the tab meanwhile gets the browser's own question (beforeunload).
 */
import { useEffect, useRef } from 'react';
import { useOnline } from '../../app/online/pageOnline';
import type { RoomSeat } from '../../wire/roomSnapshot';
import { t } from '../../i18n/index';
import { useDialogFocus } from '../a11y/useDialogFocus';

/** What leaving now costs the person at this page: their seat in a round in play, or null when leaving costs nothing. */
export function leavingCosts(): RoomSeat | null {
  const { room, you } = useOnline.getState();
  if (!room || room.phase !== 'playing' || !you?.colour) return null;
  return room.seats.find((s) => s.colour === you.colour && s.kind === 'human') ?? null;
}

/** The sentence that says what leaving costs: the stand-in's moves left, or that the round already counts as given up. */
export function leavingText(seat: Pick<RoomSeat, 'standInLeft' | 'gaveUp'>): string {
  return seat.gaveUp ? t('online:leaveGivenUp') : t('online:leaveText', { count: seat.standInLeft });
}

/** While the person holds a seat in a round in play (not given up yet), closing or reloading the tab asks first. */
export function useLeaveWarning(): void {
  const seat = useOnline((s) => (s.room?.phase === 'playing' ? s.room.seats.find((x) => x.colour === s.you?.colour && x.kind === 'human' && !x.gaveUp) : undefined));
  const warn = seat !== undefined;
  useEffect(() => {
    if (!warn) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only with a returnValue set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [warn]);
}

export function LeaveConfirm({ seat, onClose }: { seat: Pick<RoomSeat, 'standInLeft' | 'gaveUp'>; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, onClose);
  const leave = () => {
    onClose();
    void useOnline.getState().leave();
  };
  return (
    <div className="overlay" role="alertdialog" aria-modal="true" aria-labelledby="leave-title" aria-describedby="leave-text" ref={ref} data-testid="leave-confirm">
      <div className="card dialog">
        <h2 id="leave-title">{t('online:leaveTitle')}</h2>
        <p id="leave-text">{leavingText(seat)}</p>
        <div className="actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('online:leaveStay')}
          </button>
          <button type="button" className="btn primary" onClick={leave} data-testid="leave-confirmed">
            {t('online:leaveConfirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
