import { fixedTexts, t } from '../../i18n/index';

/** The HUD's own words with parameters (the others are looked up where shown): the hud namespace. */
export const hudTexts = fixedTexts('hud', ['rolledTitle', 'misere', 'paused', 'coordinatesTitle', 'rulesTitle', 'rules'] as const, {
  rolled: (n: number) => t('hud:rolledBalls', { count: n }),
  /** The hover preview: "f4: rolls 3 balls". */
  rolls: (square: string, n: number) => (n === 0 ? t('hud:previewNone', { square }) : t('hud:preview', { square, count: n })),
});
