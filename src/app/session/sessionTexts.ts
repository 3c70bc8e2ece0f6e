/** The session's notices and refusals, and the pointer's Pro-double hints: the messages namespace of the language files. */
import type { GameEvent, RuleError } from '../../engine/index';
import { ruleText } from '../../i18n/engineReasons';
import { colourName, fixedTexts, levelName as level, listOf, t } from '../../i18n/index';
import { playerName } from '../../i18n/playerNames';

const k = (key: string, options?: Record<string, unknown>) => t(`messages:${key}`, options);

export const sessionTexts = fixedTexts('messages', ['roundIsOver', 'finishRoundFirst', 'takeBacksOff', 'takeBacksNeedHuman', 'nothingToTakeBack', 'suggestionsForHuman', 'noSuggestion', 'onlineRematch', 'notYourColour', 'spectatorsWatch', 'noHelpOnline'] as const, {
  refusal: (e: RuleError) => ruleText(e),
  computerIllegal: (name: string, move: string, reason: string, fallback: string) => k('computerIllegal', { level: level(name), move, reason, fallback: level(fallback) }),
  computerFailed: (name: string, fallback: string) => k('computerFailed', { level: level(name), fallback: level(fallback) }),
  workerFallback: (name: string) => k('workerFallback', { level: level(name) }),
  computerThinking: (colour: string, name: string) => k('computerThinking', { colour: colourName(colour, true), name: playerName(name) }),
  suggestion: (name: string, move: string, rolls: readonly string[]) => k(rolls.length ? 'suggestionRolls' : 'suggestion', { level: level(name), move, rolls: listOf(rolls) }),
  secondBallCancelled: (e: RuleError) => k('secondBallCancelled', { reason: ruleText(e) }),
  timeRanOut: (colour: string, move: string, misere: boolean) => k(misere ? 'timeRanOutFewest' : 'timeRanOutMost', { colour: colourName(colour), move }),
  proClickAgain: (square: string) => k('proClickAgain', { square }),
  proSecondSocket: (square: string) => k('proSecondSocket', { square }),
});

/**
 * The notice of a move the clock played (a `timeExpired` among its events), or null: the engine's
 * time-out move (rules.md) is the most balls, the fewest in misère. Said alike for a round played
 * here and an online room's.
 */
export function timeOutNotice(events: readonly GameEvent[], misere: boolean): string | null {
  const timedOut = events.find((e) => e.type === 'timeExpired');
  if (!timedOut) return null;
  const placed = events.flatMap((e) => (e.type === 'ballPlaced' ? [e.square] : []));
  return sessionTexts.timeRanOut(timedOut.colour, placed.join('+'), misere);
}
