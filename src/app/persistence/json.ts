import { CodedProblem } from '../../i18n/codedProblem';

/** Parses a save or an export file; throws a problem saying it is not readable, with the parser's reason. */
export function parseStoredJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const detail = (e as Error).message;
    throw new CodedProblem('replay:stored', 'notJson', { detail }, `not readable data (${detail})`);
  }
}
