/** The room's finished rounds, each opened in the page's replay from the server's record. */
import { useState } from 'react';
import type { RoomResult } from '../../wire/contractCodes';
import { onlineEndpoint } from '../../app/online/pageOnline';
import { finishedRounds, openFinishedRound } from '../../app/online/roomRecords';
import { sessionStore } from '../../app/page/pageSession';
import { colourCounts, t } from '../../i18n/index';

export function FinishedRounds({ records, results }: { records: readonly string[]; results: readonly RoomResult[] }) {
  const [opening, setOpening] = useState<string | null>(null);
  const rounds = finishedRounds(records, results).filter((r) => !r.unfinished);
  if (rounds.length === 0) return null;
  const open = async (round: (typeof rounds)[number]) => {
    setOpening(round.name);
    await openFinishedRound(sessionStore(), onlineEndpoint(), round);
    setOpening(null);
  };
  return (
    <section className="finished-rounds" aria-labelledby="finished-rounds-title" data-testid="finished-rounds">
      <h3 id="finished-rounds-title">{t('online:finishedRounds')}</h3>
      <ul>
        {rounds.map((round) => (
          <li key={round.name}>
            <button type="button" className="btn" disabled={opening !== null} aria-describedby={`result-${round.name}`} onClick={() => void open(round)} data-testid={`replay-round-${round.round}`}>
              {t('online:replayRound', { round: round.round })}
            </button>{' '}
            <span className="note" id={`result-${round.name}`}>
              {colourCounts(round.balls)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
