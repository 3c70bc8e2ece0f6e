/**
 * The engine's reasons in the current language: the engine stays English and gives each reason a
 * stable code with params (RuleError for refusals, RecordError for records it cannot read); the
 * engine namespace words each code. A refusal without a code (tools' reasons) keeps the engine's English.
 */
import { CodedProblem } from './codedProblem';
import { RecordError, RuleError } from '../engine/index';
import { colourName, i18next, listOf, t } from './index';

/** Params that name one colour, and that list colours. */
const COLOUR_PARAMS = new Set(['colour', 'written']);
const COLOUR_LIST_PARAMS = new Set(['colours', 'thrown']);

/** Params as the texts show them: colours by name, lists of squares or colours as "a, b and c", choices as "a, b or c". */
function shown(params: RuleError['params'] | RecordError['params']): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (COLOUR_PARAMS.has(name)) out[name] = colourName(String(value), true);
    else if (COLOUR_LIST_PARAMS.has(name) && Array.isArray(value)) out[name] = listOf(value.map((c: string) => colourName(c, true)));
    else if (name === 'choices' && Array.isArray(value)) out[name] = new Intl.ListFormat(i18next.language, { type: 'disjunction' }).format(value);
    else if (Array.isArray(value)) out[name] = listOf(value);
    else out[name] = value as string | number;
  }
  return out;
}

export function ruleText(refusal: RuleError): string {
  return refusal.code === 'other' ? refusal.message : t(`engine:${refusal.code}`, shown(refusal.params));
}

/** The reason as a sentence: capital first letter, full stop. */
export function ruleSentence(refusal: RuleError): string {
  const text = ruleText(refusal);
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/** Why a record cannot be read, with its line and column: "ligne 3, colonne 5 : …". */
export function recordText(e: RecordError): string {
  if (e.code === 'other') return e.message;
  const reason = e.refusal ? ruleText(e.refusal) : t(`engine:record.${e.code}`, shown(e.params));
  const wrapped = e.code === 'unseatableRule' ? t('engine:record.unseatableRule', { ...shown(e.params), reason }) : reason;
  return t('engine:record.at', { line: e.line, column: e.column, reason: wrapped });
}

/** An app problem in the current language, its cause (if any) worded as {{reason}}. */
export function problemText(e: CodedProblem): string {
  return t(`${e.texts}.${e.code}`, { ...shown(e.params), ...(e.cause !== undefined && { reason: errorText(e.cause) }) });
}

/** An error in the current language (a refusal, an unreadable record, an app problem); any other error's own message. */
export function errorText(e: unknown): string {
  if (e instanceof CodedProblem) return problemText(e);
  if (e instanceof RecordError) return recordText(e);
  if (e instanceof RuleError) return ruleText(e);
  return e instanceof Error ? e.message : String(e);
}
