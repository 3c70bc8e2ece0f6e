/** Each computer level's name and strength in words, for people choosing an opponent (hud namespace: level, strength). */
import { i18next, levelName, t } from '../i18n/index';

/** "medium: knows corners and edges", or '' for a level without one. */
export function levelStrength(level: string): string {
  return i18next.exists(`hud:strength.${level}`) ? t(`hud:strength.${level}`) : '';
}

/** "tactician (medium: knows corners and edges)"; an unknown level is shown by its name. */
export function levelLabel(level: string): string {
  const strength = levelStrength(level);
  return strength ? t('hud:levelWithStrength', { level: levelName(level), strength }) : level;
}
