/** Each computer level's name and strength in words, for people choosing an opponent (hud namespace: level, strength). */
import { i18next, levelName, t } from '../i18n/index';

/** "tactician (medium: knows corners and edges)"; an unknown level is shown by its name. */
export function levelLabel(level: string): string {
  return i18next.exists(`hud:strength.${level}`) ? t('hud:levelWithStrength', { level: levelName(level), strength: t(`hud:strength.${level}`) }) : level;
}
