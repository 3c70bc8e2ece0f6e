/** A short rules panel: offered on the first visit and reachable from the HUD (Rules). */
import { useEffect, useRef } from 'react';

/** The panel's words (one place, for translation), from docs/rules.md in short. */
export const rulesTexts = {
  title: 'How to play Rolit',
  points: [
    'Each player has a colour. A thrown ball decides who starts; a colour nobody plays is thrown again.',
    'On your turn, put a ball with your colour on top into an empty socket that touches a ball.',
    'Balls of other colours in a straight line between your new ball and another of your balls roll over to your colour, in all eight directions at once.',
    'If any socket would roll balls, you must choose one of those.',
    'When the board is full, the most balls of your colour wins (in misère: the fewest).',
    'Squares are named by column a-h and row 1-8, printed on the board’s frame. "Rolled 3" (×3 in the move list) means the move turned 3 balls to the mover’s colour.',
  ],
  close: 'Play',
};

export function RulesPanel({ onClose }: { onClose: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="rules-title" data-testid="rules" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <section className="card dialog">
        <h2 id="rules-title">{rulesTexts.title}</h2>
        <ul className="rules">
          {rulesTexts.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <div className="actions">
          <button ref={button} type="button" className="btn primary" onClick={onClose}>
            {rulesTexts.close}
          </button>
        </div>
      </section>
    </div>
  );
}
