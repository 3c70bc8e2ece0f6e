/** The seats of the round: who plays which colours, their ball count, who is to move and thinking. */
import { useSession } from '../../app/page/pageSession';
import { TakeOverButton } from '../watch/TakeOver';
import { coloursName, levelName, t } from '../../i18n/index';
import { playerName } from '../../i18n/playerNames';
import { Swatches } from './Swatches';
import { hudTexts, seatKind } from './hudTexts';
import { useReactions } from '../online/useReactions';
import { useRef } from 'react';
import { usePublishedEdge } from '../useToolbarHeight';

export function Seats() {
  // What the board shows, not the engine's latest state (shownRound.ts).
  const toMove = useSession((s) => s.shown.toMove);
  // Seats are in the order of the round's players (the match flow's seats this round).
  const playerScores = useSession((s) => s.shown.playerScores);
  const seats = useSession((s) => s.seats);
  const thinking = useSession((s) => s.thinking);
  // The page's computer plays the seats of rounds this page runs (online, the server's computer plays).
  const standIn = useSession((s) => (s.turnsHere ? s.standIn : null));
  const misere = useSession((s) => s.snapshot.setup.misere);
  // In review every seat is a person's (any move may be tried); the record says who played.
  // Online: which seat is this page's (said in words, not by colour), and the players' reactions by their seats.
  const mine = useSession((s) => s.ownColours);
  // Online: a person who resigned is no longer a person playing; the server's computer plays on.
  const resigned = useSession((s) => s.resignedSeats);
  const reactions = useReactions();
  const recorded = useSession((s) => (s.replay && s.seats.every((seat) => seat.kind === 'human') ? s.replay.players : null));
  const panel = useRef<HTMLElement>(null);
  usePublishedEdge(panel, '--seats-bottom', 'bottom');
  return (
    <section ref={panel} className="seats panel" aria-label={t('hud:players')}>
      {misere && (
        <div className="misere" data-testid="misere">
          {hudTexts.misere}
        </div>
      )}
      {seats.map((seat, i) => {
        const moving = toMove !== null && seat.colours.includes(toMove);
        const yours = mine !== null && seat.colours.some((c) => mine.includes(c));
        const reaction = seat.colours.map((c) => reactions[c]).find((r) => r !== undefined);
        return (
          <div key={i} className={`seat${moving ? ' to-move' : ''}`} data-seat={i} aria-current={moving ? 'true' : undefined}>
            <Swatches colours={seat.colours} />
            <span className="who">
              {/* Take over beside the name, not on a line of its own: four seats of computers stay short, clear of the board's side. */}
              <span className="name-row">
                <span className="name">
                  {playerName(seat.name)}
                  {yours && <span className="you-mark" data-testid="you-mark"> ({t('online:you')})</span>}
                  {thinking?.seat === i && <span className="thinking-dot" aria-label={t('hud:thinkingDot')} />}
                </span>
                <TakeOverButton seat={seat} index={i} />
              </span>
              <span className="kind">
                {coloursName(seat.colours)} · {resigned?.[seat.colours[0]] ? t('online:resignedSeat', { level: levelName(resigned[seat.colours[0]]!) }) : recorded?.[i] ? seatKind({ ...seat, ...recorded[i] }, null) : seatKind(seat, standIn)}
              </span>
            </span>
            <span className="count" title={t('hud:countTitle')}>
              {playerScores[i]}
            </span>
            {reaction && (
              <span key={reaction.id} className="reaction" role="status" data-testid="reaction">
                <span className="sr-only">{t('online:reactionFrom', { name: playerName(seat.name) })} </span>
                {t(`online:emote.${reaction.emote}`)}
              </span>
            )}
          </div>
        );
      })}
    </section>
  );
}
