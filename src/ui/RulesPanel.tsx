/** A short rules panel: offered on the first visit and reachable from the HUD (Rules). */
import { fixedTexts, i18next } from '../i18n/index';
import { useEffect, useRef } from 'react';

/** The panel's words, from docs/rules.md in short: the rules namespace of the language files. */
export const rulesTexts = fixedTexts('rules', ['title', 'close'] as const, {
  get points(): string[] {
    return i18next.t('rules:points', { returnObjects: true }) as string[];
  },
});

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
