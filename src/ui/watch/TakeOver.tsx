/** Take a computer seat over (its next turn is yours) or hand it back. */
import { useSession } from '../../app/page/pageSession';
import { watchedByComputers } from '../../app/watch/watched';
import { watchTexts as t } from './texts';
import { keepFocus } from './WatchControls';
import { playerName } from '../../i18n/playerNames';
import { type Seat } from '../../engine/index';

export function TakeOverButton({ seat, index }: { seat: Seat; index: number }) {
  const takeOver = useSession((s) => s.takeOver);
  // Online, seats are the room's: nobody takes them over from the page.
  const roomSeats = useSession((s) => !s.turnsHere);
  // Taking over is for people watching the computers play, not for a person's opponents.
  const watched = useSession((s) => watchedByComputers(s.seats));
  if (!seat.level || roomSeats || !watched) return null;
  const human = seat.kind === 'human';
  return (
    <button className="btn take-over" onMouseDown={keepFocus} onClick={() => takeOver(index, !human)} title={human ? t.handBackTip(seat.level) : t.takeOverTip(playerName(seat.name))}>
      {human ? t.handBack : t.takeOver}
    </button>
  );
}
