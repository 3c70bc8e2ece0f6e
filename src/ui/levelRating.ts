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
 * "master, rating about 1,850 (hardest: the strongest search)": the rating before the strength,
 * so a narrow select cuts the description, not the number; read whole by a screen reader.
 */
export function ratedLevelLabel(level: string): string {
  const rating = levelRating(level);
  if (rating === undefined) return levelLabel(level);
  return t('hud:levelWithStrength', { level: t('dialogs:levelWithRating', { level: levelName(level), rating }), strength: t(`hud:strength.${level}`) });
}

/** What the numbers mean: the scale, its anchor and what 200 points buy. */
export function ratingNote(): string {
  return t('dialogs:ratingNote', { anchorLevel: levelName(RATING_ANCHOR.level), anchor: RATING_ANCHOR.rating });
}
