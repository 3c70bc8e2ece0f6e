/** End of a round: final counts per seat, the match standings, next round or new game. */
import { useState } from 'react';
import { useSession } from '../app/pageSession';
import { useDirector } from '../director/index';
import { Swatches } from './Hud';
import { NextRoundCountdown } from './watch/Countdown';
import { useCaptions } from './watch/useCaptions';

export function RoundOver({ onNewGame }: { onNewGame: () => void }) {
  const { setup, result } = useSession((s) => s.snapshot);
  const seats = useSession((s) => s.seats);
  const players = useSession((s) => s.players);
  const round = useSession((s) => s.round);
  const standings = useSession((s) => s.standings);
  const nextRound = useSession((s) => s.nextRound);
  const busy = useDirector((s) => s.busy);
  const [hiddenFor, setHiddenFor] = useState<unknown>(null);
  const caption = useCaptions().result;
  // Wait for the final count animation; "hide" keeps the board visible until the next round (a new setup).
  if (!result || busy || hiddenFor === setup) return null;
  const misere = setup.misere;
  return (
    <section className="round-over card" aria-label="Round over" data-testid="round-over">
      <h2>
        Round {round + 1} over{misere ? ' (misère: fewest balls wins)' : ''}
      </h2>
      {caption && <p className="caption" data-testid="result-caption">{caption}</p>}
      <table>
        <tbody>
          {seats.map((seat, i) => (
            <tr key={i} className={result.winners.includes(i) ? 'winner' : undefined}>
              <td>
                <Swatches colours={seat.colours} /> {seat.name}
              </td>
              <td className="n">{result.playerScores[i]}</td>
              <td>{result.winners.includes(i) ? (result.winners.length > 1 ? 'shared win' : 'wins') : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {players.length > 1 && (
        <>
          <b>Match after {standings.roundsPlayed} round{standings.roundsPlayed === 1 ? '' : 's'}</b>
          <table>
            <thead>
              <tr>
                <th>Player</th>
                <th className="n">Rounds won</th>
                <th className="n">Balls</th>
              </tr>
            </thead>
            <tbody>
              {standings.standings.map((s) => (
                <tr key={s.player} className={standings.leaders.includes(s.player) ? 'winner' : undefined}>
                  <td>{players[s.player].name}</td>
                  <td className="n">{s.roundsWon}</td>
                  <td className="n">{s.balls}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <NextRoundCountdown />
      <div className="actions" style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        <button className="btn" onClick={() => setHiddenFor(setup)}>
          View board
        </button>
        <button className="btn" onClick={onNewGame}>
          New game
        </button>
        <button className="btn primary" onClick={nextRound} title="Players change seats (and colours) for the next round">
          Next round
        </button>
      </div>
    </section>
  );
}
