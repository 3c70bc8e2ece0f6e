/**
 * The bar of a room in play: its line (at the top, right of the seats panel; on a phone below it) says
 * who is connected and, folded, the drop countdowns; unfolded, its sheet has the seats, emotes, the
 * link to this seat for another device, the finished rounds, the rating change, rematch, resign and
 * leave. Escape folds it.
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import type { Colour } from '../../engine/index';
import { EMOTES, groupedRoomCode } from '../../wire/contractCodes';
import { tvLink } from '../../app/online/onlineAddress';
import type { Emote } from '../../app/online/onlineRoom';
import { useOnline } from '../../app/online/pageOnline';
import { colourName, t } from '../../i18n/index';
import { Swatches } from '../hud/Swatches';
import { AnotherDevice } from './AnotherDevice';
import { FinishedRounds } from './FinishedRounds';
import { LeaveConfirm, leavingCosts, useLeaveWarning } from './LeaveConfirm';
import { Presence } from './Presence';
import { RatingChange } from './RatingChange';
import { Resign } from './Resign';
import { seatLabel } from './seatLabel';
import { useBelowSeats } from './useBelowSeats';

export function RoomBar() {
  const { roomId, room, you, tv } = useOnline((s) => s);
  const { send, leave } = useOnline.getState();
  // It starts folded (its summary line): unfolded, its sheet lies over the board.
  const [open, setOpen] = useState(false);
  // Leaving a round in play is told before it costs: Leave asks, and so does closing the tab.
  const [asking, setAsking] = useState<ReturnType<typeof leavingCosts>>(null);
  useLeaveWarning();
  const bar = useRef<HTMLDetailsElement>(null);
  useBelowSeats(bar);
  if (!room || !roomId) return null;
  const player = you !== null && you.colour !== '';
  const connected = room.seats.filter((s) => s.reason === 'seated').length;
  // A table no person plays (TV) says its computers play, not that nobody is connected.
  const people = room.seats.some((s) => s.kind === 'human');
  // Folded, the bar's line still shows a dropped player's countdown: a person holding their seat, not here.
  const dropped = open ? [] : room.seats.map((seat, i) => ({ seat, i })).filter(({ seat }) => seat.holder === 'person' && seat.reason !== 'seated');
  // Escape folds the unfolded bar, as it closes the menu (its sheet lies over the board).
  const fold = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open || e.defaultPrevented) return;
    e.preventDefault();
    setOpen(false);
    bar.current?.querySelector('summary')?.focus();
  };
  return (
    <details className="online-bar panel" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} onKeyDown={fold} ref={bar} data-testid="online-bar">
      <summary>
        {t('online:room')} <code className="room-code">{groupedRoomCode(roomId)}</code> · {people ? t('online:connectedCount', { count: connected }) : t('online:computersPlaying', { count: room.seats.length })}
        {dropped.map(({ seat, i }) => (
          <span key={seat.colour} className="dropped" data-testid="dropped-summary">
            {' · '}
            {seatLabel(room, i)}: <Presence seat={seat} />
          </span>
        ))}
      </summary>
      <div className="body">
      <div className="row">
        <span className="note" data-testid="online-role">
          {player ? t('online:youPlay', { colour: colourName(you!.colour as Colour) }) : t('online:watching')}
        </span>
        <span className="note">{t('online:spectators', { count: room.spectators })}</span>
      </div>
      <ul className="online-seats compact" aria-label={t('online:seats')}>
        {room.seats.map((seat, i) => (
          <li key={seat.colour} className="online-seat">
            <Swatches colours={seat.colours} />
            <span className="who">{seatLabel(room, i)}</span>
            <Presence seat={seat} />
          </li>
        ))}
      </ul>
      {player && (
        <div className="row emotes" role="group" aria-label={t('online:emotes')}>
          {EMOTES.map((e: Emote) => (
            <button key={e} type="button" className="btn" onClick={() => send('emote', { emote: e })}>
              {t(`online:emote.${e}`)}
            </button>
          ))}
        </div>
      )}
      {player && you?.seatKey && <AnotherDevice roomId={roomId} seatKey={you.seatKey} />}
      {tv && (
        <p className="note">
          <a href={tvLink(location)} data-testid="tv-link">
            {t('lobby:tv.link')}
          </a>{' '}
          {t('lobby:tv.linkNote')}
        </p>
      )}
      <FinishedRounds records={room.records} results={room.results} />
      {room.phase === 'over' && <RatingChange round={room.round} />}
      <div className="row">
        {room.phase === 'over' && you?.host && (
          <button type="button" className="btn primary" onClick={() => send('rematch')} data-testid="rematch">
            {t('online:rematch')}
          </button>
        )}
        {room.phase === 'over' && !you?.host && <span className="note">{t('online:rematchByHost')}</span>}
        {room.phase === 'playing' && player && <Resign />}
        <button type="button" className="btn" onClick={() => (leavingCosts() ? setAsking(leavingCosts()) : void leave())} data-testid="leave-room">
          {t('online:leave')}
        </button>
      </div>
      {asking && <LeaveConfirm seat={asking} onClose={() => setAsking(null)} />}
      </div>
    </details>
  );
}
