/** A level's rating from the ladder (src/ai/levelRatings.ts) in words, for the new-game dialog (dialogs namespace). */
import { LEVEL_RATINGS } from '../ai/levelRatings';
import { isLevel } from '../ai/index';
import { RATING_ANCHOR } from '../ai/ratingAnchor';
import { levelName, t } from '../i18n/index';
import { levelLabel } from './levelTexts';

/** The level's rating, or undefined for a level the ladder did not rate. */
export function levelRating(level: string): number | undefined {
  return isLevel(level) ? LEVEL_RATINGS.levels[level].rating : undefined;
}

/**
 * "master, rating about 1,850": a computer level's option in the new-game dialog. Short enough for
 * a closed select in every language; the level's strength in words is shown under the seat (levelStrength).
 */
export function ratedLevelLabel(level: string): string {
  const rating = levelRating(level);
  return rating === undefined ? levelLabel(level) : t('dialogs:levelWithRating', { level: levelName(level), rating });
}

/** What the numbers mean: the scale, its anchor and what 200 points buy. */
export function ratingNote(): string {
  return t('dialogs:ratingNote', { anchorLevel: levelName(RATING_ANCHOR.level), anchor: RATING_ANCHOR.rating });
}
