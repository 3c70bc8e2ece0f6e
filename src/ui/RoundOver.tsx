/** End of a round: final counts per seat (online, the moves a computer played for a person), the match standings, next round or new game. */
import { useOnline } from '../app/online/pageOnline';
import { useState } from 'react';
import { useSession } from '../app/page/pageSession';
import { useDirector } from '../director/index';
import { Swatches } from './hud/Swatches';
import { t } from '../i18n/index';
import { NextRoundCountdown } from './watch/Countdown';
import { useCaptions } from './watch/useCaptions';
import { texts as replayTexts } from './replay/texts';
import { playerName } from '../i18n/playerNames';
import { roundOutcome } from '../engine/index';
import { gaveUpShown } from '../app/session/remoteRound';
import { roundCaptionOf } from '../app/watch/captions';

/** A rating's change as the page writes it: "+12", "−8", "±0". */
export const signed = (change: number) => `${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)}`;

export function RoundOver({ onNewGame }: { onNewGame: () => void }) {
  const { setup, result } = useSession((s) => s.snapshot);
  const seats = useSession((s) => s.seats);
  const players = useSession((s) => s.players);
  const round = useSession((s) => s.round);
  const standings = useSession((s) => s.standings);
  const nextRound = useSession((s) => s.nextRound);
  // Online, the next round is the host's rematch; a replay has none.
  const nextRoundBy = useSession((s) => s.nextRoundBy);
  const host = useOnline((s) => s.you?.host === true);
  // Online, per seat: the moves a computer played for the person in it this round.
  const standInMoves = useSession((s) => s.standInMoves);
  const busy = useDirector((s) => s.busy);
  const [hiddenFor, setHiddenFor] = useState<unknown>(null);
  // Online, or a replay of an online round: the seats given up, placed last and winning nothing (src/flow/givingUp.ts).
  const gaveUp = useSession(gaveUpShown);
  const rated = useOnline((s) => (s.rated?.round === round ? s.rated : null));
  const eventCaption = useCaptions().result;
  // Wait for the final count animation; "hide" keeps the board visible until the next round (a new setup).
  if (!result || busy || hiddenFor === setup) return null;
  const misere = setup.misere;
  const { winners } = roundOutcome(result, misere, gaveUp);
  // The engine's caption names the winner by balls; a round with a seat given up is captioned by its outcome.
  const caption = gaveUp?.some(Boolean) ? roundCaptionOf(setup, result.playerScores, winners) : eventCaption;
  return (
    <section className="round-over card" aria-label={t('hud:roundOverTitle')} data-testid="round-over">
      <h2>
        {t(misere ? 'hud:roundNumberOverMisere' : 'hud:roundNumberOver', { round: round + 1 })}
      </h2>
      {caption && <p className="caption" data-testid="result-caption">{caption}</p>}
      <table>
        <tbody>
          {seats.map((seat, i) => (
            <tr key={i} className={winners.includes(i) ? 'winner' : undefined} data-testid="round-over-seat">
              <td>
                <Swatches colours={seat.colours} />{' '}
                {standInMoves?.[i] ? t('hud:standInMoves', { name: playerName(seat.name), count: standInMoves[i] }) : playerName(seat.name)}
              </td>
              <td className="n">{result.playerScores[i]}</td>
              <td>{gaveUp?.[i] ? t('hud:gaveUpSeat') : winners.includes(i) ? (winners.length > 1 ? t('hud:sharedWin') : t('hud:winsOne')) : ''}</td>
              {rated && <td className="n">{seatRating(rated.seats.find((r) => seat.colours.includes(r.colour)))}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {players.length > 1 && (
        <>
          <b>{t('hud:matchAfter', { count: standings.roundsPlayed })}</b>
          <table>
            <thead>
              <tr>
                <th>{t('hud:player')}</th>
                <th className="n">{t('hud:roundsWon')}</th>
                <th className="n">{t('hud:balls')}</th>
              </tr>
            </thead>
            <tbody>
              {standings.standings.map((s) => (
                <tr key={s.player} className={standings.leaders.includes(s.player) ? 'winner' : undefined}>
                  <td>{playerName(players[s.player].name)}</td>
                  <td className="n">{s.roundsWon}</td>
                  <td className="n">{s.balls}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <NextRoundCountdown />
      <div className="actions">
        <button className="btn" onClick={() => setHiddenFor(setup)}>
          {t('hud:viewBoard')}
        </button>
        <button className="btn" onClick={onNewGame}>
          {t('hud:newGame')}
        </button>
        {/* A replay has one round: the way on is out of it. Online, the next round is the host's rematch. */}
        {nextRoundBy === null ? (
          <button className="btn primary" onClick={() => useSession.getState().leaveReplay()} title={replayTexts.leaveTitle}>
            {replayTexts.leave}
          </button>
        ) : nextRoundBy === 'here' ? (
          <button className="btn primary" onClick={nextRound} title={t('hud:nextRoundTitle')}>
            {t('hud:nextRound')}
          </button>
        ) : host ? (
          <button className="btn primary" onClick={() => useOnline.getState().send('rematch')}>
            {t('online:rematch')}
          </button>
        ) : (
          <span className="note">{t('online:rematchByHost')}</span>
        )}
      </div>
    </section>
  );
}

/** A seat's rating after the round: "+12 → 1,532"; empty for a seat not rated. */
function seatRating(rated: { change: number; rating: number } | undefined): string {
  return rated ? t('hud:ratingOfSeat', { change: signed(rated.change), rating: rated.rating }) : '';
}
