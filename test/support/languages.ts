/**
 * Unit tests switch languages at once (setLanguage): every language's texts are loaded before a file's
 * tests run, as a page loads a language when it is chosen.
 */
import { type Language, LANGUAGES, loadLanguage } from '../../src/i18n/index';

await Promise.all((Object.keys(LANGUAGES) as Language[]).map(loadLanguage));
