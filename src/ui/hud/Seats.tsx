/** The seats of the round: who plays which colours, their ball count, who is to move and thinking. */
import { useSession } from '../../app/page/pageSession';
import { TakeOverButton } from '../watch/TakeOver';
import type { Seat } from '../../engine/index';
import { coloursName, levelName, t } from '../../i18n/index';
import { playerName } from '../../i18n/playerNames';
import { Swatches } from './Swatches';
import { watchTexts } from '../watch/texts';
import { hudTexts } from './hudTexts';

export function Seats() {
  // What the board shows, not the engine's latest state (shownRound.ts).
  const toMove = useSession((s) => s.shown.toMove);
  // Seats are in the order of the round's players (session makeRound).
  const playerScores = useSession((s) => s.shown.playerScores);
  const seats = useSession((s) => s.seats);
  const thinking = useSession((s) => s.thinking);
  const misere = useSession((s) => s.snapshot.setup.misere);
  // In review every seat is a person's (any move may be tried); the record says who played.
  const recorded = useSession((s) => (s.replay && s.seats.every((seat) => seat.kind === 'human') ? s.replay.players : null));
  return (
    <section className="seats panel" aria-label={t('hud:players')}>
      {misere && (
        <div className="misere" data-testid="misere">
          {hudTexts.misere}
        </div>
      )}
      {seats.map((seat, i) => {
        const moving = toMove !== null && seat.colours.includes(toMove);
        return (
          <div key={i} className={`seat${moving ? ' to-move' : ''}`} data-seat={i} aria-current={moving ? 'true' : undefined}>
            <Swatches colours={seat.colours} />
            <span className="who">
              <span className="name">
                {playerName(seat.name)}
                {thinking?.seat === i && <span className="thinking-dot" aria-label={t('hud:thinkingDot')} />}
              </span>
              <span className="kind">
                {coloursName(seat.colours)} · {seatKind(recorded?.[i] ? { ...seat, ...recorded[i] } : seat)}
              </span>
              <TakeOverButton seat={seat} index={i} />
            </span>
            <span className="count" title={t('hud:countTitle')}>
              {playerScores[i]}
            </span>
          </div>
        );
      })}
    </section>
  );
}

/** What plays a seat, in words: a person, a computer of a level, or a person who took a computer's seat over. */
function seatKind(seat: Seat): string {
  if (seat.kind === 'human') return seat.level ? watchTexts.takenOver(seat.level) : t('hud:human');
  return t('hud:computerLevel', { level: levelName(seat.level!) });
}
