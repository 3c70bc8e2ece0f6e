/** The analysis board's notices and exact results (exact values, strongest move): the analysis namespace of the language files. */
import type { PlayerOutcome } from '../../ai/maxnSolver';
import { fixedTexts, t } from '../../i18n/index';

/** "wins", "shares the win", "2nd", "shares 3rd" (place 1-4; shared when more players are on it). */
function place(outcome: PlayerOutcome): string {
  return t(`analysis:place${outcome.place}`, { context: outcome.sharing > 1 ? 'shared' : undefined });
}

export const analysisTexts = fixedTexts('analysis', ['roundOver', 'workerStopped', 'workerSilent'] as const, {
  twoToFourPlayers: (players: number) => t('analysis:twoToFourPlayers', { players }),
  tooManyEmpties: (empties: number, max: number) => t('analysis:tooManyEmpties', { empties, max }),
  /** Three and four players, the panel's line for a move: "f4: wins, 18 balls", "f4: shares 2nd, 14 balls (best)". */
  outcome: (move: string, outcome: PlayerOutcome, best: boolean) =>
    t('analysis:outcome', { move, place: place(outcome), count: outcome.balls, context: best ? 'best' : undefined }),
  /** Three and four players, the socket's label on the board: "1st 18", "=2nd 14". */
  outcomeShort: (outcome: PlayerOutcome) =>
    t('analysis:outcomeShort', { place: t(`analysis:placeShort${outcome.place}`, { context: outcome.sharing > 1 ? 'shared' : undefined }), balls: outcome.balls }),
});
