/** The rounds the server saved unfinished as it stopped, each to play on on this page (out of the room). */
import { useState } from 'react';
import { onlineEndpoint, useOnline } from '../../app/online/pageOnline';
import { continueUnfinishedRound, finishedRounds } from '../../app/online/roomRecords';
import { sessionStore } from '../../app/page/pageSession';
import { t } from '../../i18n/index';

export function UnfinishedRounds() {
  const records = useOnline((s) => s.room?.records);
  const [opening, setOpening] = useState(false);
  const rounds = finishedRounds(records ?? [], []).filter((r) => r.unfinished);
  const play = async (round: (typeof rounds)[number]) => {
    setOpening(true);
    await continueUnfinishedRound(sessionStore(), onlineEndpoint(), round, () => useOnline.getState().leave());
    setOpening(false);
  };
  return rounds.map((round) => (
    <button key={round.name} type="button" className="btn primary" disabled={opening} onClick={() => void play(round)} data-testid={`continue-round-${round.round}`}>
      {t('online:continueRound', { round: round.round })}
    </button>
  ));
}
