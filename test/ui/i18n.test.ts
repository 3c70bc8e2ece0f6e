/** The language files agree: every key in every language, no extra keys, the same interpolation variables. */
import { describe, expect, it } from 'vitest';
import { chooseLanguage, i18next, LANGUAGES, loadNumberFormats, setLanguage, t } from '../../src/i18n/index';
import { RESOURCES } from '../support/allTexts';
import { ruleText } from '../../src/i18n/engineReasons';
import { Game, setupRefusal } from '../../src/engine/index';

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Colour adjectives agreeing with "ball(s)": a language adds the forms its grammar needs (colourName). */
const AGREEMENT = /^messages:colourLower\.\w+_(ball|balls)$/;

/** Leaf keys ("ns:a.b", arrays as "ns:points.0") with their text. */
function leaves(tree: unknown, prefix: string, out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') leaves(value, path, out);
    else out.set(path, `<${typeof value}>`);
  }
  return out;
}

function keysOf(language: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [ns, tree] of Object.entries(RESOURCES[language] ?? {})) leaves(tree, `${ns}:`, out);
  for (const key of [...out.keys()]) if (AGREEMENT.test(key)) out.delete(key);
  return out;
}

/** A key's interpolation variables ({{name}} or {{name, format}}), `count` included only when given. */
function variables(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]))].sort();
}

/** Keys with the plural suffixes folded: "hud:wins_one" -> "hud:wins", with every form's variables. */
function folded(language: string): Map<string, { variables: Set<string>; forms: Set<string> }> {
  const out = new Map<string, { variables: Set<string>; forms: Set<string> }>();
  for (const [key, text] of keysOf(language)) {
    const base = key.replace(PLURAL, '');
    const entry = out.get(base) ?? { variables: new Set<string>(), forms: new Set<string>() };
    for (const v of variables(text)) if (v !== 'count') entry.variables.add(v);
    if (PLURAL.test(key)) entry.forms.add(PLURAL.exec(key)![1]);
    out.set(base, entry);
  }
  return out;
}

const english = folded('en');
const others = Object.keys(LANGUAGES).filter((l) => l !== 'en');

describe('language files', () => {
  it('every language has a file for each English namespace, and no other', () => {
    for (const language of others) expect(Object.keys(RESOURCES[language] ?? {}).sort(), language).toEqual(Object.keys(RESOURCES.en).sort());
  });

  it.each(others)('%s has every English key and no key English lacks', (language) => {
    const theirs = folded(language);
    expect([...english.keys()].filter((k) => !theirs.has(k)), `missing in ${language}`).toEqual([]);
    expect([...theirs.keys()].filter((k) => !english.has(k)), `${language} only`).toEqual([]);
  });

  it.each(others)('%s uses the same interpolation variables as English', (language) => {
    const theirs = folded(language);
    const differ = [...english].filter(([k, e]) => theirs.has(k) && [...e.variables].sort().join() !== [...theirs.get(k)!.variables].sort().join());
    expect(differ.map(([k]) => k)).toEqual([]);
  });

  it.each(Object.keys(LANGUAGES))('%s gives every plural key each plural form its language needs', (language) => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [key, entry] of folded(language)) {
      if (entry.forms.size === 0) continue;
      expect([...needed].filter((f) => !entry.forms.has(f)), `${language} ${key}`).toEqual([]);
    }
  });

  it('no text is empty except where English leaves it empty on purpose', () => {
    const emptyInEnglish = new Set([...keysOf('en')].filter(([, v]) => v === '').map(([k]) => k));
    for (const language of Object.keys(LANGUAGES))
      expect([...keysOf(language)].filter(([k, v]) => v.trim() === '' && !emptyInEnglish.has(k)).map(([k]) => k), language).toEqual([]);
  });
});

describe('choosing and using a language', () => {
  it('takes the stored choice, else the first browser language spoken here, else English', () => {
    expect(chooseLanguage('de', ['fr-FR'])).toBe('de');
    expect(chooseLanguage(null, ['es-ES', 'nl-BE', 'fr'])).toBe('nl');
    expect(chooseLanguage('xx', ['IT'])).toBe('it');
    expect(chooseLanguage(null, ['ja'])).toBe('en');
  });

  it('plural and number formatting follow the language', () => {
    try {
      setLanguage('en');
      expect(t('replay:linkLength', { count: 1 })).toBe('1 character');
      expect(t('replay:linkLength', { count: 1500 })).toBe('1,500 characters');
      setLanguage('de');
      expect(t('replay:linkLength', { count: 1500 })).toBe('1.500 Zeichen');
      setLanguage('fr');
      expect(t('hud:thinking', { seconds: 2.25 })).toMatch(/2,3\s?s/);
      expect(t('hud:thinking', { seconds: 3 })).toMatch(/3,0\s?s/);
      expect(t('hud:speedTimes', { speed: 0.5 })).toBe('0,5×');
    } finally {
      setLanguage('en');
    }
  });

  it('numbers in texts reuse one number format per precision of the page\'s language, whatever the value', () => {
    const Real = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = function (...args: ConstructorParameters<typeof Real>) {
      made++;
      return new Real(...args);
    } as unknown as typeof Real;
    try {
      for (const speed of [0.25, 0.5, 1, 2, 4, 8]) t('hud:speedTimes', { speed });
      for (const seconds of [0.1, 1.25, 7]) t('hud:thinking', { seconds });
      setLanguage('it');
      expect(t('hud:speedTimes', { speed: 1234.5 })).toBe('1234,5×');
      expect(t('hud:speedTimes', { speed: 0.5 })).toBe('0,5×');
      expect(t('hud:thinking', { seconds: 1 })).toMatch(/1,0\s?s/);
      // At most one per language and precision (English: plain and one decimal; Italian the same).
      expect(made).toBeGreaterThan(0);
      expect(made).toBeLessThanOrEqual(4);
    } finally {
      Intl.NumberFormat = Real;
      setLanguage('en');
    }
  });

  it('loads the number data ahead with the number format the page\'s texts then use', () => {
    const Real = Intl.NumberFormat;
    const made: unknown[] = [];
    Intl.NumberFormat = function (...args: ConstructorParameters<typeof Real>) {
      made.push(args[0]);
      return new Real(...args);
    } as unknown as typeof Real;
    try {
      setLanguage('nl');
      loadNumberFormats();
      expect(made).toEqual(['nl']);
      // The menu's speed labels then format with it: no second format.
      expect(t('hud:speedTimes', { speed: 2 })).toBe('2×');
      expect(made).toEqual(['nl']);
    } finally {
      Intl.NumberFormat = Real;
      setLanguage('en');
    }
  });

  it("words the engine's refusals in each language from their codes", () => {
    const game = new Game({ size: 8, players: 2, seed: 1 });
    const check = game.check('a1');
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.refusal.code).toBe('touchesNoBall');
    const refusal = setupRefusal({ size: 4, players: 3 })!;
    try {
      for (const language of Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]) {
        setLanguage(language);
        const text = ruleText(check.refusal);
        expect(text).toContain('a1');
        expect(text).not.toContain('⟦');
        expect(ruleText(refusal)).not.toContain('⟦');
        if (language !== 'en') expect(text).not.toBe(check.reason);
      }
      setLanguage('en');
      expect(ruleText(check.refusal)).toBe(check.reason);
    } finally {
      setLanguage('en');
    }
  });

  it("the feature texts objects follow a language change (their getters read the current language)", async () => {
    const { replayTexts } = await import('../../src/app/replay/replayTexts');
    const { throwTexts } = await import('../../src/app/session/shownRound');
    const english = [replayTexts.saveRefused, throwTexts.rolling, replayTexts.badLink('x')];
    try {
      setLanguage('it');
      expect([replayTexts.saveRefused, throwTexts.rolling, replayTexts.badLink('x')]).toEqual([t('replay:saveRefused'), t('captions:rolling'), t('replay:badLink', { reason: 'x' })]);
      expect(replayTexts.saveRefused).not.toBe(english[0]);
      expect(throwTexts.rolling).not.toBe(english[1]);
    } finally {
      setLanguage('en');
    }
  });

  it('English is the language when nothing else is chosen (the unit tests read English)', () => {
    expect(i18next.language).toBe('en');
  });
});
