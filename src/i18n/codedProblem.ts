/**
 * A problem of the app's own (a share link, a stored or imported file) with a stable code and
 * params, as the engine's RuleError and RecordError have: errorText (src/i18n/engineReasons.ts)
 * words it from `<texts>.<code>` in the current language; the English message stays for logs and
 * tests. A problem found inside another error (a round's record) keeps that error as `cause`,
 * worded where the text has {{reason}}.
 */
export class CodedProblem<C extends string = string> extends Error {
  constructor(
    /** Where its texts are: "namespace:object" (e.g. "replay:link"). */
    readonly texts: string,
    readonly code: C,
    readonly params: Record<string, string | number>,
    english: string,
    cause?: unknown,
  ) {
    super(english, cause === undefined ? undefined : { cause });
  }
}
