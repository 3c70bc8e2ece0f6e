/**
 * The polite live region: each change of the round in words (reading.ts describeChange: moves,
 * rolls, whose turn, start throws, result), the session's notices, and the answers to
 * the board-reading commands. Visually hidden; screen readers read it as it changes.
 */
import { useEffect } from 'react';
import { useSession } from '../../app/page/pageSession';
import type { RoundSnapshot } from '../../app/session/roundSnapshot';
import { useAnnouncer, worded } from './announcer';
import { describeChange } from './reading';

export function LiveRegion() {
  const words = useAnnouncer((s) => s.words);
  const id = useAnnouncer((s) => s.id);
  useEffect(() => {
    const say = useAnnouncer.getState().say;
    let before: RoundSnapshot | null = null;
    const speak = (snapshot: RoundSnapshot) => {
      const [from, seats] = [before, useSession.getState().seats];
      before = snapshot;
      if (describeChange(from, snapshot, seats)) say(() => describeChange(from, snapshot, seats) ?? '');
    };
    speak(useSession.getState().snapshot);
    return useSession.subscribe((state, previous) => {
      if (state.snapshot !== previous.snapshot) speak(state.snapshot);
      // Notices are spoken here; refusals (the engine's reason) are already an alert in the HUD's status line.
      const message = state.message;
      if (message?.kind === 'notice' && message.id !== previous.message?.id) say(() => message.text);
    });
  }, []);
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="live-region">
      <span key={id}>{worded(words)}</span>
    </div>
  );
}
