/**
 * The captions of the round as the board has shown it (the shown prefix of the event log), so a
 * caption never tells a move before its ball has landed. Recomputed only when that prefix changes.
 */
import { useMemo } from 'react';
import { roundCaptions, type RoundCaptions } from '../../app/watch/captions';
import { useSession } from '../../app/page/pageSession';

export function useCaptions(): RoundCaptions {
  const events = useSession((s) => s.snapshot.events);
  const count = useSession((s) => s.shown.count);
  return useMemo(() => roundCaptions(events.slice(0, count)), [events, count]);
}
