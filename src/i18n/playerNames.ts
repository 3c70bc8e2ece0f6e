/**
 * Default player names ("You", "Player 2", "Beginner 3") follow the page's language; a name the
 * player typed stays as it is. A name is default when it is one of these forms in any of our
 * languages, so names saved or played in another language (settings, the kept game, history) are
 * shown in the current one: the stored name says it is default by its form, the display words it.
 */
import { i18next, LANGUAGES, levelName, t } from './index';

/** A computer seat's default name: its level, capitalised, and its seat number ("Beginner 2"). */
export function computerName(level: string, seat: number): string {
  return nameOfLevel(levelName(level), seat + 1);
}

function nameOfLevel(level: string, n: number): string {
  return `${level[0].toUpperCase()}${level.slice(1)} ${n}`;
}

/** Whether `name` is the default name of the person at this screen ("You", "Vous", ...): texts about them say "you". */
export function isYou(name: string): boolean {
  return Object.keys(LANGUAGES).some((lng) => name === i18next.t('dialogs:you', { lng }));
}

/** i18next context for a sentence about the seat named `name`: 'you' addresses the person at the screen. */
export function personContext(name: string): 'you' | undefined {
  return isYou(name) ? 'you' : undefined;
}

/** `name` in the current language if it is a default name of any language, else `name` itself. */
export function playerName(name: string): string {
  for (const lng of Object.keys(LANGUAGES)) {
    if (name === i18next.t('dialogs:you', { lng })) return t('dialogs:you');
    const human = numbered(name, i18next.t('dialogs:playerN', { lng, n: '\u0000' }));
    if (human !== null) return t('dialogs:playerN', { n: human });
    const levels = i18next.t('hud:level', { lng, returnObjects: true }) as Record<string, string>;
    for (const [level, word] of Object.entries(levels)) {
      const seat = numbered(name, nameOfLevel(word, 0).replace(/0$/, '\u0000'));
      if (seat !== null) return computerName(level, seat - 1);
    }
  }
  return name;
}

/** The number n if `name` is `template` with n (1-4) in the place of \u0000, else null. */
function numbered(name: string, template: string): number | null {
  const [before, after] = template.split('\u0000');
  if (after === undefined || !name.startsWith(before) || !name.endsWith(after)) return null;
  const digits = name.slice(before.length, name.length - after.length);
  return /^[1-4]$/.test(digits) ? Number(digits) : null;
}
