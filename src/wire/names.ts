/**
 * Names that cannot pass for another (docs/online.md, Names): the checks a person's name passes
 * on the page and at the server alike. A name is put in Unicode's NFKC form (a fullwidth `Ｍain`
 * is `Main`), trimmed, and refused when it mixes scripts beyond what one language writes
 * (Unicode's mixed-script rule, UTS #39, at its "highly restrictive" level: one script, or Latin
 * with Chinese, Japanese or Korean; digits, punctuation and emoji belong to every script), so that
 * `Mаin` with a Cyrillic `а` cannot pass for `Main`; or when it reads as a computer's seat in any
 * of the page's five languages (`computer (master)`, `ordinateur (maître)`, `Meister 2`).
 */
import { MAX_NAME } from './contractCodes';

/** Why a name is refused: one code each, worded by the page in its language (online:nameProblem). */
export type NameProblem =
  | { code: 'empty' }
  | { code: 'tooLong'; max: number }
  | { code: 'control' }
  /** The scripts mixed, by their ISO 15924 codes (`Latn`, `Cyrl`), in the order the name uses them. */
  | { code: 'mixedScripts'; scripts: string[] }
  | { code: 'computerSeat' };

/** Every Unicode script by its ISO 15924 code, as JavaScript's regular expressions know them (an engine without one skips it). */
const SCRIPT_CODES = `Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Berf Bhks Bopo Brah Brai Bugi Buhd Cakm Cans Cari Cham Cher
Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba Elym Ethi Gara Geor Glag Gong Gonm Goth Gran Grek Gujr Gukh
Guru Hang Hani Hano Hatr Hebr Hira Hluw Hmng Hmnp Hung Ital Java Kali Kana Kawi Khar Khmr Khoj Kits Knda Krai Kthi Lana
Laoo Latn Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero Miao Mlym Modi Mong Mroo Mtei
Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Onao Orkh Orya Osge Osma Ougr Palm Pauc Perm Phag Phli Phlp Phnx
Plrd Prti Rjng Rohg Runr Samr Sarb Saur Sgnw Shaw Shrd Sidd Sidt Sind Sinh Sogd Sogo Sora Soyo Sund Sunu Sylo Syrc Tagb
Takr Tale Talu Taml Tang Tavt Tayo Telu Tfng Tglg Thaa Thai Tibt Tirh Tnsa Todr Tols Toto Tutg Ugar Vaii Vith Wara Wcho
Xpeo Xsux Yezi Yiii Zanb`.split(/\s+/);

let scriptTests: [string, RegExp][] | null = null;

/** Each script with the test of its characters (Script_Extensions: a character several scripts use is in each). */
function scripts(): [string, RegExp][] {
  scriptTests ??= SCRIPT_CODES.flatMap((name): [string, RegExp][] => {
    try {
      return [[name, new RegExp(`\\p{scx=${name}}`, 'u')]];
    } catch {
      return [];
    }
  });
  return scriptTests;
}

/** UTS #39's augmented script sets: Han is written in Chinese (Hanb), Japanese (Jpan) and Korean (Kore); kana in Japanese, Hangul in Korean, Bopomofo in Chinese. */
const AUGMENTED: Record<string, string[]> = { Hani: ['Hanb', 'Jpan', 'Kore'], Hira: ['Jpan'], Kana: ['Jpan'], Hang: ['Kore'], Bopo: ['Hanb'] };

/** The scripts of a character (augmented); none for one every script uses (Common, Inherited: digits, punctuation, marks, emoji). */
function scriptSet(char: string): Set<string> {
  const set = new Set<string>();
  for (const [name, test] of scripts()) if (test.test(char)) for (const s of [name, ...(AUGMENTED[name] ?? [])]) set.add(s);
  return set;
}

/** The scripts every character of `chars` shares (UTS #39's resolved script set); null when none has a script. */
function resolved(chars: string[]): Set<string> | null {
  const sets = chars.map(scriptSet).filter((set) => set.size > 0);
  if (sets.length === 0) return null;
  return new Set([...sets[0]].filter((script) => sets.every((set) => set.has(script))));
}

/**
 * The scripts a name mixes, when they are more than UTS #39's "highly restrictive" level allows
 * (one script; or Latin with Han and kana, Han and Bopomofo, or Han and Hangul); else null.
 */
export function mixedScripts(name: string): string[] | null {
  const chars = Array.from(name);
  const all = resolved(chars);
  if (all === null || all.size > 0) return null;
  const notLatin = chars.filter((c) => !/\p{scx=Latn}/u.test(c));
  const rest = resolved(notLatin);
  if (rest !== null && ['Jpan', 'Hanb', 'Kore'].some((s) => rest.has(s))) return null;
  // Each script named once, in the order the name uses them.
  const named: string[] = [];
  for (const char of chars) {
    const first = [...scriptSet(char)].find((s) => !Object.values(AUGMENTED).flat().includes(s));
    if (first && !named.includes(first)) named.push(first);
  }
  return named;
}

/** A script's name in `language` ("Cyrillic", "cyrillique"), from its ISO 15924 code. */
export function scriptName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'script' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The words a computer's seat is named with in the page's five languages: "computer"
 * (en, de, nl, it) and "ordinateur" (fr) before a level; and the levels' names, which with a seat
 * number make the page's default names of computer seats ("Beginner 2", "Débutant 2").
 * test/wire/names.test.ts checks them against src/i18n/locales.
 */
export const COMPUTER_WORDS = ['computer', 'ordinateur'];
export const LEVEL_WORDS = [
  'beginner', 'greedy', 'tactician', 'strategist', 'master',
  'débutant', 'glouton', 'tacticien', 'stratège', 'maître',
  'anfänger', 'gierig', 'taktiker', 'stratege', 'meister',
  'gulzig', 'tacticus', 'strateeg', 'meester',
  'principiante', 'ingordo', 'tattico', 'stratega', 'maestro',
];

/** A name folded for comparison: lower case, without accents, spaces and punctuation; 0 and 1 read as o and l (Unicode's confusables). */
function folded(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/0/g, 'o')
    .replace(/1/g, 'l')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const FOLDED_COMPUTER = COMPUTER_WORDS.map(folded);
const FOLDED_LEVELS = new Set(LEVEL_WORDS.map(folded));

/** Whether a name reads as a computer's seat: holds a word for a computer, or is a level's name with a seat number. */
export function readsAsComputer(name: string): boolean {
  const f = folded(name);
  if (FOLDED_COMPUTER.some((word) => f.includes(word))) return true;
  const level = /^(\D+)[l1-4]?$/u.exec(f)?.[1];
  return level !== undefined && f !== level && FOLDED_LEVELS.has(level);
}

/** A name as it is kept: NFKC (compatibility forms folded: fullwidth, ligatures, circled letters), trimmed. */
export function normalName(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/** Why a name (normalName's form) is refused, or null when it may be a person's. */
export function nameProblem(name: string): NameProblem | null {
  if (name === '') return { code: 'empty' };
  if (Array.from(name).length > MAX_NAME) return { code: 'tooLong', max: MAX_NAME };
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u.test(name)) return { code: 'control' };
  const mixed = mixedScripts(name);
  if (mixed) return { code: 'mixedScripts', scripts: mixed };
  if (readsAsComputer(name)) return { code: 'computerSeat' };
  return null;
}

/** A name's problem in English, as the server's `badOptions` refusal says it. */
export function nameProblemText(problem: NameProblem): string {
  switch (problem.code) {
    case 'empty':
      return 'a name is needed';
    case 'tooLong':
      return `at most ${problem.max} characters`;
    case 'control':
      return 'no control characters';
    case 'mixedScripts':
      return `mixes scripts (${problem.scripts.map((code) => scriptName(code, 'en')).join(' and ')}): a name is written in one script, so that it cannot pass for another`;
    case 'computerSeat':
      return 'reads as a computer\'s seat: a person\'s name may not';
  }
}
