/** The end-of-round count's texts: the roundEnd namespace of the language files. */
import { colourName, fixedTexts, listOf, t } from '../../i18n/index';

export const roundEndTexts = fixedTexts('roundEnd', ['title', 'counting', 'skip', 'skipTip', 'fewestWins'] as const, {
  /** "Red (Alice): 9 balls". */
  colourTotal: (colour: string, name: string, count: number) => t('roundEnd:colourTotal', { colour: colourName(colour), name, count }),
  /** "Alice wins the round!", "You win the round!", "Alice and Bob share the win!" (names as shown). */
  winner: (names: readonly string[], you: boolean) => t('roundEnd:winner', { names: listOf(names), count: names.length, context: you && names.length === 1 ? 'you' : undefined }),
});
