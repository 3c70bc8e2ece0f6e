/** A short rules panel: offered on the first visit and reachable from the HUD (Rules). */
import { fixedTexts, i18next } from '../i18n/index';
import { ModalDialog } from './a11y/ModalDialog';
import { PlayOnlineButton } from './online/PlayOnlineButton';

/** The panel's words, from docs/rules.md in short: the rules namespace of the language files. */
export const rulesTexts = fixedTexts('rules', ['title', 'close'] as const, {
  get points(): string[] {
    return i18next.t('rules:points', { returnObjects: true }) as string[];
  },
});

export function RulesPanel({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title={rulesTexts.title} onClose={onClose} closeText={rulesTexts.close} testId="rules">
      {/* Near the top, where a first visit sees it: a person may have come to play with others. */}
      <p className="start-online">
        {i18next.t('lobby:startHint')} <PlayOnlineButton before={onClose} />
      </p>
      <ul className="rules">
        {rulesTexts.points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </ModalDialog>
  );
}
