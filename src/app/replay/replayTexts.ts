/** The words of replay, saves and sharing shown by the session: the replay namespace of the language files. */
import { fixedTexts, t } from '../../i18n/index';
import type { UnreadableSave } from '../persistence/currentGame';
import { HISTORY_CAP } from '../persistence/history';

export const replayTexts = fixedTexts('replay', ['saveRefused', 'newerSave', 'noNextRound', 'continueOutsideReplay', 'continueRoundOver'] as const, {
  unreadableSave: (bad: UnreadableSave) => t('replay:unreadableSave', { reason: bad.reason }),
  unreadableHistory: (reason: string) => t('replay:unreadableHistory', { reason }),
  damagedRounds: (count: number) => t('replay:damagedRounds', { count }),
  historyFull: (dropped: number) => t('replay:historyFull', { count: dropped, max: HISTORY_CAP }),
  badRecord: (reason: string) => t('replay:badRecord', { reason }),
  badLink: (reason: string) => t('replay:badLink', { reason }),
  continueSeatCount: (given: number, seats: number) => t('replay:continueSeatCount', { count: given, seats }),
  continueUnknownLevel: (level: string, levels: readonly string[]) => t('replay:continueUnknownLevel', { level, levels: levels.join(', ') }),
});
