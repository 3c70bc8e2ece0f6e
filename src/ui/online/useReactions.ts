/**
 * The reactions players send in an online room, each shown by its sender's seat for REACTION_MS:
 * long enough to read, and one per seat (a new one replaces that seat's last).
 */
import { useEffect, useState } from 'react';
import type { Colour } from '../../engine/index';
import type { EmoteShown } from '../../app/online/onlineRoom';
import { useOnline } from '../../app/online/pageOnline';

export const REACTION_MS = 8000;

export function useReactions(): Partial<Record<Colour, EmoteShown>> {
  const emote = useOnline((s) => s.emote);
  const [shown, setShown] = useState<Partial<Record<Colour, EmoteShown>>>({});
  useEffect(() => {
    if (!emote) return;
    setShown((now) => ({ ...now, [emote.colour]: emote }));
    const timer = setTimeout(() => setShown((now) => (now[emote.colour] === emote ? { ...now, [emote.colour]: undefined } : now)), REACTION_MS);
    return () => clearTimeout(timer);
  }, [emote]);
  return shown;
}
