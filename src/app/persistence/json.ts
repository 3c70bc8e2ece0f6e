/** Parses a save or an export file; throws an Error saying it is not readable, with the parser's reason. */
export function parseStoredJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`not readable data (${(e as Error).message})`);
  }
}
