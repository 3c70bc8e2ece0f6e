import type { Seat } from '../../engine/index';
import { fixedTexts, levelName, t } from '../../i18n/index';
import { watchTexts } from '../watch/texts';

/** The HUD's own words with parameters (the others are looked up where shown): the hud namespace. */
export const hudTexts = fixedTexts('hud', ['rolledTitle', 'misere', 'paused', 'coordinatesTitle', 'rulesTitle', 'rules'] as const, {
  rolled: (n: number) => t('hud:rolledBalls', { count: n }),
  /** The hover preview: "f4: rolls 3 balls". */
  rolls: (square: string, n: number) => (n === 0 ? t('hud:previewNone', { square }) : t('hud:preview', { square, count: n })),
});

/**
 * What plays a seat now, in words: a person, a computer of a level, a person who took a computer's
 * seat over, or the stand-in level playing for a computer whose worker failed (`standIn`).
 */
export function seatKind(seat: Pick<Seat, 'kind' | 'level'>, standIn: string | null): string {
  if (seat.kind === 'human') return seat.level ? watchTexts.takenOver(seat.level) : t('hud:human');
  if (standIn && seat.level !== standIn) return t('hud:computerStandIn', { level: levelName(seat.level!), standIn: levelName(standIn) });
  return t('hud:computerLevel', { level: levelName(seat.level!) });
}
