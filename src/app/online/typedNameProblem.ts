/**
 * What is wrong with the name a player types, in their language, by the checks the server makes
 * (src/wire/names.ts). Apart from onlineTexts: only the name fields (Play online, the lobby) need it,
 * and they come in chunks of their own, with the Unicode scripts' table the check carries.
 */
import { currentLanguage, t } from '../../i18n/index';
import { nameProblem, normalName, scriptName } from '../../wire/names';

/** The problem with the name typed, worded; null when it may be sent (left empty: the page's default name is). */
export function typedNameProblem(typed: string): string | null {
  const name = normalName(typed);
  const problem = name === '' ? null : nameProblem(name);
  if (problem === null || problem.code === 'empty') return null;
  if (problem.code === 'tooLong') return t('online:nameProblem.tooLong', { count: problem.max });
  if (problem.code === 'mixedScripts') {
    const scripts = new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(problem.scripts.map((code) => scriptName(code, currentLanguage())));
    return t('online:nameProblem.mixedScripts', { scripts });
  }
  return t(`online:nameProblem.${problem.code}`);
}
