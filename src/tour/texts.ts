/** The guided tour's words: the `tour` namespace (each step's title, text, task and result by its id). */
import { fixedTexts, t } from '../i18n/index';

export const tourTexts = fixedTexts('tour', ['howToPlay', 'howToPlayTitle', 'resume', 'label', 'back', 'next', 'exit', 'exitTitle', 'throwAgain', 'throwAgainTitle', 'finish', 'toBoard', 'toBoardTitle', 'waiting', 'nothingToPlay'] as const, {
  resumeTitle: (step: number) => t('tour:resumeTitle', { step }),
  stepOf: (step: number, total: number) => t('tour:stepOf', { step, total }),
  notThisMove: (square: string, move: string) => t('tour:notThisMove', { square, move }),
  badSaved: (value: string) => t('tour:badSaved', { value }),
  title: (id: string) => t(`tour:steps.${id}.title`),
  body: (id: string) => t(`tour:steps.${id}.body`),
  task: (id: string) => t(`tour:steps.${id}.task`),
  done: (id: string) => t(`tour:steps.${id}.done`),
});
