/**
 * The program's languages (i18next): every user-visible text is looked up here by key, from the JSON files in
 * locales/<language>/<namespace>.json. docs/i18n.md says how to add a language or edit a text.
 */
import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import englishFiles from './locales/en/index';

/** The languages, each named in itself (the HUD's language select shows these names). */
export const LANGUAGES = { en: 'English', fr: 'Français', de: 'Deutsch', nl: 'Nederlands', it: 'Italiano' } as const;
export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_KEY = 'rolit.language';

/** One language's texts by namespace: { hud: {...}, messages: {...}, ... }. */
export type LanguageTexts = Record<string, Record<string, unknown>>;

/** Texts by namespace from texts by file ("./hud.json"). */
const byNamespace = (files: Record<string, Record<string, unknown>>): LanguageTexts =>
  Object.fromEntries(Object.entries(files).map(([path, content]) => [/(\w+)\.json$/.exec(path)![1], content]));
/** English is in the start chunk: the texts of the first frame on most pages, and the keys every language has. */
const ENGLISH = byNamespace(englishFiles);
/** The other languages are fetched when chosen, each as one chunk (vite.config.ts names them). */
const otherLanguages = import.meta.glob<Record<string, Record<string, unknown>>>(['./locales/*/index.ts', '!./locales/en/index.ts'], { import: 'default' });

/** A language's texts (fetched the first time for any language but English). */
export async function languageTexts(language: Language): Promise<LanguageTexts> {
  if (language === 'en') return ENGLISH;
  const load = otherLanguages[`./locales/${language}/index.ts`];
  if (!load) throw new Error(`no texts for the language ${language}: src/i18n/locales/${language}/index.ts is missing`);
  return byNamespace(await load());
}

/** Languages whose texts i18next has. */
const ready = new Set<Language>(['en']);
const loading = new Map<Language, Promise<void>>();
/** Makes a language's texts available to i18next (fetches them once); rejects saying which language failed. */
export function loadLanguage(language: Language): Promise<void> {
  if (ready.has(language)) return Promise.resolve();
  let load = loading.get(language);
  if (!load) {
    load = languageTexts(language).then(
      (texts) => {
        for (const [namespace, tree] of Object.entries(texts)) i18next.addResourceBundle(language, namespace, tree);
        ready.add(language);
      },
      (error: unknown) => {
        throw new Error(`the ${LANGUAGES[language]} texts could not be loaded`, { cause: error });
      },
    );
    // A failed fetch is tried again at the next choice.
    loading.set(language, load);
    load.catch(() => loading.delete(language));
  }
  return load;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(LANGUAGES, value);
}

/** The stored choice if valid, else the first of the browser's languages we speak ("fr-CA" -> fr), else English. */
export function chooseLanguage(stored: string | null, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

i18next.use(initReactI18next).init({
  resources: { en: ENGLISH },
  lng: 'en',
  fallbackLng: false,
  ns: Object.keys(ENGLISH),
  defaultNS: 'hud',
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes; the texts are never HTML
  returnNull: false,
  // A missing text shows as ⟦key⟧: easy to spot on screen and in the browser test.
  parseMissingKeyHandler: (key: string) => `⟦${key}⟧`,
});

// Numbers in texts ({{count, number}}) through one Intl.NumberFormat per precision of the page's
// language. i18next's own cache keys its formatters by every option of the call, the value included,
// so each new number built a new Intl.NumberFormat (a millisecond or more each, the first one far more).
const numberFormats = new Map<string, Intl.NumberFormat>();
i18next.on('languageChanged', () => numberFormats.clear());
function numberFormat(lng: string | undefined, { minimumFractionDigits, maximumFractionDigits }: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${lng}|${minimumFractionDigits}|${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(lng, { minimumFractionDigits, maximumFractionDigits })));
  return format;
}
i18next.services.formatter!.add('number', (value: number, lng: string | undefined, options: Intl.NumberFormatOptions) => numberFormat(lng, options).format(value));

/**
 * Loads Intl's number data ahead of the first text with a number in it, and i18next's plural rules
 * of the page's language ahead of its first count. A page's first Intl.NumberFormat costs 40-65 ms
 * (the rest a tenth of a millisecond); called in a task of its own before the session starts, that is
 * not added to the task of the first text that shows a number or a count.
 */
export function loadNumberFormats(): void {
  numberFormat(i18next.language).format(0.5);
  i18next.services.pluralResolver?.getRule(i18next.language);
}

/** The text of `key` ("namespace:key") in the current language. */
export function t(key: string, options?: TOptions): string {
  return i18next.t(key, options) as string;
}

/**
 * A colour's name in the current language ("Rouge"); `lower` for use inside a sentence. `agrees`
 * gives the adjective agreeing with "ball" or "balls" where a language inflects it (i18next
 * context: French "boule verte", "boules vertes"; Italian "pallina rossa"), else the plain word.
 */
export function colourName(colour: string, lower = false, agrees?: 'ball' | 'balls'): string {
  return t(lower ? `messages:colourLower.${colour}` : `messages:colour.${colour}`, agrees ? { context: agrees } : undefined);
}

/** A seat's colours by name ("Red + Green" in solo and team), in the current language. */
export function coloursName(colours: readonly string[]): string {
  return colours.map((c) => colourName(c)).join(' + ');
}

/** A computer level's name in the current language; an unknown level is shown as it is written. */
export function levelName(level: string): string {
  return t(`hud:level.${level}`, { defaultValue: level });
}

/** Balls per colour, colours by name: "Rouge 7, Vert 9"; `lower` inside a sentence ("after: red 7, green 9"). */
export function colourCounts(counts: Iterable<readonly [colour: string, balls: number]>, lower = false): string {
  return [...counts].map(([colour, balls]) => `${colourName(colour, lower)} ${balls}`).join(', ');
}

/** A rating's change as the page writes it: "+12", "−8", "±0" (the round's end, the room bar, the profile). */
export const signedChange = (change: number) => `${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)}`;

/** "a, b and c" in the current language. */
export function listOf(items: readonly string[]): string {
  return new Intl.ListFormat(i18next.language, { type: 'conjunction' }).format(items);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

let chosen: Language = 'en';
/**
 * Switches the language: texts, <html lang>, and remembered in `storage` when given; at once when its texts
 * are there, else once they are fetched (of quick choices in a row, the last one wins). Rejects, changing
 * nothing, when the texts could not be fetched.
 */
export async function setLanguage(language: Language, storage?: Pick<Storage, 'setItem'> | null): Promise<void> {
  chosen = language;
  if (!ready.has(language)) {
    await loadLanguage(language);
    if (chosen !== language) return;
  }
  void i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  try {
    storage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
}

export { i18next };

/**
 * A feature's texts: each of `keys` is a property that reads `namespace:key` in the current language whenever it
 * is read; `more` adds the texts with parameters (functions, getters). Never spread the result: spreading reads
 * the getters once and freezes the texts in the language of that moment.
 */
export function fixedTexts<K extends string, M extends object = Record<never, never>>(namespace: string, keys: readonly K[], more?: M): Readonly<Record<K, string>> & M {
  const texts = {} as Record<K, string>;
  for (const key of keys) Object.defineProperty(texts, key, { enumerable: true, get: () => t(`${namespace}:${key}`) });
  if (more) Object.defineProperties(texts, Object.getOwnPropertyDescriptors(more));
  return texts as Readonly<Record<K, string>> & M;
}
