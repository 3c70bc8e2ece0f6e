/**
 * Versioned stored formats (the kept game, the history): data of an older version is brought up to
 * the current one on load, one step at a time, each step a function from version N to N+1. The
 * next version of a format is one more function in its list; the readers only ever read the
 * current version. Data of a newer version (a newer Rolit wrote it) or of no known version is
 * refused with the reason.
 */
import { CodedProblem } from '../../i18n/codedProblem';

/** Version N's data (parsed JSON) to version N+1's; throws an Error saying what is wrong. */
export type Migration = (data: Record<string, unknown>) => Record<string, unknown>;

export interface VersionedFormat {
  /** How messages name the version: "saved in format" -> "saved in format version 2, ...". */
  versionLabel: string;
  /** Where the reasons are worded: "namespace:object" with keys notNumber, newer, older, stepFailed. */
  texts: string;
  /** The first version there was. */
  first: number;
  /** migrations[i] takes version first + i to first + i + 1. */
  migrations: readonly Migration[];
}

/** The version a format writes and its reader reads. */
export function currentVersion(format: VersionedFormat): number {
  return format.first + format.migrations.length;
}

/** `data` brought up to the format's current version (its `version` field set to it); throws an Error saying why it cannot be. */
export function migrate(data: Record<string, unknown>, format: VersionedFormat): Record<string, unknown> {
  const current = currentVersion(format);
  const version = data.version;
  const label = `${format.versionLabel} version ${JSON.stringify(version ?? null)}`;
  const readable = current === format.first ? `version ${current}` : `versions ${format.first} to ${current}`;
  // "versions 1 to 3" when more than one is readable: the texts' "_range" context.
  const params = { version: JSON.stringify(version ?? null), first: format.first, current, ...(current !== format.first && { context: 'range' }) };
  const refuse = (code: string, english: string) => new CodedProblem(format.texts, code, params, english);
  if (typeof version !== 'number' || !Number.isInteger(version)) throw refuse('notNumber', `${label}: not a version number, this page reads ${readable}`);
  if (version > current) throw refuse('newer', `${label}, this page reads version ${current} and older (a newer Rolit wrote it)`);
  if (version < format.first) throw refuse('older', `${label}, this page reads ${readable}`);
  let migrated = data;
  for (let v = version; v < current; v++) {
    try {
      migrated = { ...format.migrations[v - format.first](migrated), version: v + 1 };
    } catch (e) {
      const params = { version: v, next: v + 1 };
      throw new CodedProblem(format.texts, 'stepFailed', params, `${format.versionLabel} version ${v} could not be updated to version ${v + 1}: ${(e as Error).message}`, e);
    }
  }
  return migrated;
}
