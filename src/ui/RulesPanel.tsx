/** A short rules panel: offered on the first visit and reachable from the HUD (Rules). */
import { fixedTexts, i18next } from '../i18n/index';
import { ModalDialog } from './a11y/ModalDialog';

/** The panel's words, from docs/rules.md in short: the rules namespace of the language files. */
export const rulesTexts = fixedTexts('rules', ['title', 'close'] as const, {
  get points(): string[] {
    return i18next.t('rules:points', { returnObjects: true }) as string[];
  },
});

export function RulesPanel({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title={rulesTexts.title} onClose={onClose} closeText={rulesTexts.close} testId="rules">
      <ul className="rules">
        {rulesTexts.points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </ModalDialog>
  );
}
