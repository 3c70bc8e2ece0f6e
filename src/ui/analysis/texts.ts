/** The analysis panel's and the continue dialog's texts: the analysis namespace of the language files. */
import { fixedTexts, levelName, listOf, t } from '../../i18n/index';

export const texts = fixedTexts(
  'analysis',
  ['panelLabel', 'exactValues', 'exactTitle', 'socketsLabel', 'continue', 'continueTitle', 'continueHeading', 'human', 'play', 'cancel', 'strongest', 'strongestTitle', 'strongestThinking'] as const,
  {
    solving: (done: number, all: number) => t('analysis:solving', { done, all }),
    solved: (mover: string) => t('analysis:solved', { mover }),
    solvedMaxn: (mover: string) => t('analysis:solvedMaxn', { mover }),
    failed: (reason: string) => t('analysis:failed', { reason }),
    socket: (move: string, value: string | null) => (value === null ? move : `${move} ${value}`),
    rolls: (square: string, rolls: readonly string[]) => (rolls.length ? t('analysis:rolls', { square, rolls: listOf(rolls) }) : t('analysis:rollsNone', { square })),
    after: (counts: string) => t('analysis:after', { counts }),
    continueNote: (move: number) => t('analysis:continueNote', { move: move + 1 }),
    seatLabel: (colours: string) => t('analysis:seatLabel', { colours }),
    computer: (level: string) => t('analysis:computer', { level: levelName(level) }),
    /** "Strongest: f4 – Red 62%, Yellow 38%": each player named by its colours, percentages summing to 100. */
    strongestLine: (move: string, chances: readonly { player: string; percent: number }[]) =>
      t('analysis:strongestLine', { move, chances: chances.map((c) => t('analysis:strongestChance', c)).join(', ') }),
    strongestFailed: (reason: string) => t('analysis:strongestFailed', { reason }),
  },
);
