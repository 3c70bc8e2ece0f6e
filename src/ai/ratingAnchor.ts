import type { Level } from './index';

/** The fixed point of the levels' rating scale (the ladder's fit, the new-game dialog): beginner is rated 1000. */
export const RATING_ANCHOR: { level: Level; rating: number } = { level: 'beginner', rating: 1000 };
