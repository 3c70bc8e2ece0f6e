/** Online play's texts that the app layer words (the server's refusals, link problems): the online namespace. */
import type { ErrorMessage } from '../../server/contract';
import { t } from '../../i18n/index';

export const onlineTexts = {
  /** A message the server refused: what it means for the player, in their language. */
  refusal: (error: ErrorMessage) => t(`online:refused.${error.code}`, { defaultValue: t('online:refused.internal') }),
  urlProblem: (problem: { key: 'badRoom' | 'badServer'; value: string }) => t(`online:${problem.key}`, { value: problem.value }),
};
