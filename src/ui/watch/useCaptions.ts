/** The captions of the round on screen, recomputed only when its event log changes. */
import { useMemo } from 'react';
import { roundCaptions, type RoundCaptions } from '../../app/captions';
import { useSession } from '../../app/pageSession';

export function useCaptions(): RoundCaptions {
  const events = useSession((s) => s.snapshot.events);
  return useMemo(() => roundCaptions(events), [events]);
}
