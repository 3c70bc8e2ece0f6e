/**
 * Finished rounds kept on the server: one record file per round (docs/record-format.md) in the
 * data directory, written atomically (a temporary file renamed into place), so a crash or a
 * restart never leaves half a record and loses no finished round.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const RECORD_EXTENSION = '.rolit';

/**
 * A record's file name: the room code, then the round (from 1), and `-unfinished` for a round the
 * server saved as it stopped. Only [A-Za-z0-9_-] from the room code.
 */
export function recordFileName(roomId: string, round: number, unfinished = false): string {
  return `${roomId.replace(/[^A-Za-z0-9_-]/g, '_')}-round${round + 1}${unfinished ? '-unfinished' : ''}${RECORD_EXTENSION}`;
}

/** Writes a record under `dir` (made if missing) and returns its file name. */
export async function saveRecord(dir: string, fileName: string, text: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${fileName}.${process.pid}.${Date.now()}.tmp`);
  await writeFile(temporary, text, 'utf8');
  await rename(temporary, join(dir, fileName));
  return fileName;
}

/** File names of the records under `dir`, sorted; none when the directory does not exist yet. */
export async function listRecords(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith(RECORD_EXTENSION) && !f.startsWith('.')).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** Longest record name read: a room code and a round number are far shorter, and no file system refuses it. */
const MAX_RECORD_NAME = 100;

/** A record's text, or null when `fileName` names no record of `dir` (only plain record names are read). */
export async function readRecordFile(dir: string, fileName: string): Promise<string | null> {
  if (fileName.length > MAX_RECORD_NAME || !/^[A-Za-z0-9_-]+\.rolit$/.test(fileName)) return null;
  try {
    return await readFile(join(dir, fileName), 'utf8');
  } catch (e) {
    // No such file, or a directory of that name: no record.
    if (['ENOENT', 'EISDIR'].includes((e as NodeJS.ErrnoException).code ?? '')) return null;
    throw e;
  }
}
