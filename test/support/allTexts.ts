/** Every language's texts by namespace ({ en: { hud: {...} }, fr: ... }), as the page loads them, for tests to compare with. */
import { type Language, LANGUAGES, type LanguageTexts, languageTexts } from '../../src/i18n/index';

export const RESOURCES: Record<string, LanguageTexts> = Object.fromEntries(
  await Promise.all((Object.keys(LANGUAGES) as Language[]).map(async (language) => [language, await languageTexts(language)] as const)),
);
