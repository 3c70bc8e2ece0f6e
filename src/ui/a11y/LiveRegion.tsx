/**
 * The polite live region: each change of the round in words (reading.ts describeChange: moves,
 * rolls, whose turn, start throws, result), the session's notices, and the answers to
 * the board-reading commands. Visually hidden; screen readers read it as it changes.
 */
import { useEffect } from 'react';
import { useSession } from '../../app/page/pageSession';
import type { RoundSnapshot } from '../../app/session/roundSnapshot';
import { useAnnouncer } from './announcer';
import { describeChange } from './reading';

export function LiveRegion() {
  const text = useAnnouncer((s) => s.text);
  const id = useAnnouncer((s) => s.id);
  useEffect(() => {
    const say = useAnnouncer.getState().say;
    let before: RoundSnapshot | null = null;
    const speak = (snapshot: RoundSnapshot) => {
      const change = describeChange(before, snapshot, useSession.getState().seats);
      before = snapshot;
      if (change) say(change);
    };
    speak(useSession.getState().snapshot);
    return useSession.subscribe((state, previous) => {
      if (state.snapshot !== previous.snapshot) speak(state.snapshot);
      // Notices are spoken here; refusals (the engine's reason) are already an alert in the HUD's status line.
      if (state.message?.kind === 'notice' && state.message.id !== previous.message?.id) say(state.message.text);
    });
  }, []);
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="live-region">
      <span key={id}>{text}</span>
    </div>
  );
}
