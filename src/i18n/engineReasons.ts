/**
 * The engine's refusal reasons in the current language: the engine stays English and gives each reason a
 * stable code with params (RuleError); the engine namespace words each code. A reason without a code
 * (tools' reasons) keeps the engine's English.
 */
import type { RuleError } from '../engine/index';
import { colourName, listOf, t } from './index';

/** Params as the texts show them: colours by name, lists of squares or colours as "a, b and c". */
function shown(params: RuleError['params']): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'colour') out[name] = colourName(String(value), true);
    else if (name === 'colours' && Array.isArray(value)) out[name] = listOf(value.map((c) => colourName(c, true)));
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
