/** The countdown to the next round when nobody human plays, with a button to stay. */
import { useEffect, useState } from 'react';
import { useRoundCountdown } from '../../app/watch/roundCountdown';
import { watchTexts as t } from './texts';

export function NextRoundCountdown() {
  const endsAt = useRoundCountdown((c) => c.endsAt);
  const cancel = useRoundCountdown((c) => c.cancel);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [endsAt]);
  if (endsAt === null) return null;
  return (
    <div className="countdown" role="timer" aria-live="off" data-testid="countdown">
      <span>{t.countdown(Math.max(0, Math.ceil((endsAt - now) / 1000)))}</span>
      <button className="btn" onClick={cancel} title={t.cancelCountdownTip}>
        {t.cancelCountdown}
      </button>
    </div>
  );
}
