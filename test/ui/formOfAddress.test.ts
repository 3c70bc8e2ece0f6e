/**
 * Each language speaks to the player one way throughout: German, Dutch and Italian in the informal
 * (du, je, tu), French in the formal (vous). A text in the other form is found by its pronouns and
 * possessives, which those forms alone use (German's capitalised Sie, Ihr and Ihnen; Dutch's u and
 * uw; Italian's capitalised Lei and Suo; French's tu, te, toi, ton, ta and tes).
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../support/allTexts';

/** Every text of a language, as "ns:key: text". */
function texts(language: string): string[] {
  const out: string[] = [];
  const walk = (tree: unknown, path: string) => {
    if (typeof tree === 'string') out.push(`${path}: ${tree}`);
    else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree)) walk(value, path.endsWith(':') ? `${path}${key}` : `${path}.${key}`);
  };
  for (const [ns, tree] of Object.entries(RESOURCES[language])) walk(tree, `${ns}:`);
  return out;
}

/** A word among `words`, whole: no letter (accented ones included) beside it. */
const word = (words: string, flags = '') => new RegExp(`(?<!\\p{L})(${words})(?!\\p{L})`, `u${flags}`);

/** The other form of address, by language: words that only it uses (case-sensitive where the capital tells it apart), and some of ours. */
const OTHER_FORM: Record<string, { words: RegExp; ours: RegExp }> = {
  de: { words: word('Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen'), ours: word('du|dein\\p{L}*|dich|dir', 'i') },
  nl: { words: word('u|uw|U|Uw'), ours: word('je|jij|jouw|jou', 'i') },
  it: { words: word('Lei|Suo|Sua|Suoi|Sue'), ours: word('tu|tuo|tua|tuoi|tue|ti', 'i') },
  fr: { words: word('tu|te|toi|ton|ta|tes', 'i'), ours: word('vous|votre|vos', 'i') },
};

describe('one form of address in each language', () => {
  it.each(Object.keys(OTHER_FORM))('%s', (language) => {
    const { words, ours } = OTHER_FORM[language];
    const all = texts(language);
    // The texts of the page's own text keys, not the variables' names in them.
    const other = all.filter((text) => words.test(text.slice(text.indexOf(': ') + 2).replace(/\{\{[^}]*\}\}/g, '')));
    expect(other).toEqual([]);
    // It does speak to the player, in its own form.
    expect(all.filter((text) => ours.test(text)).length).toBeGreaterThan(20);
  });
});
