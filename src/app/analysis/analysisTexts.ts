/** The analysis board's notices (exact values, strongest move): the analysis namespace of the language files. */
import { fixedTexts, t } from '../../i18n/index';

export const analysisTexts = fixedTexts('analysis', ['roundOver', 'workerStopped', 'workerSilent'] as const, {
  twoPlayersOnly: (players: number) => t('analysis:twoPlayersOnly', { players }),
  tooManyEmpties: (empties: number, max: number) => t('analysis:tooManyEmpties', { empties, max }),
});
