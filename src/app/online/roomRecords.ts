/**
 * A room's saved rounds (docs/online.md, "Records"): the server keeps each finished round as a
 * record file, and the round in play as an unfinished one when it stops; it lists the room's files
 * in its state (`records`) and serves each at `GET /records/<name>`. This lists them with their
 * results, fetches one to open in the page's replay, and opens an unfinished one to play on here.
 */
import type { StoreApi } from 'zustand/vanilla';
import { type Colour, COLOURS } from '../../engine/index';
import { CodedProblem } from '../../i18n/codedProblem';
import { errorText } from '../../i18n/engineReasons';
import { t } from '../../i18n/index';
import type { RoomResult } from '../../wire/contractCodes';
import { MAX_RECORD_CHARS } from '../replay/shareLink';
import type { SessionState } from '../session/session';

/** A finished round of the room, as its bar lists it. */
export interface FinishedRound {
  /** The record's file name on the server ("<room>-round<N>.rolit"). */
  name: string;
  /** Round of the match, from 1. */
  round: number;
  /** Saved as the server stopped, before the round's end ("<room>-round<N>-unfinished.rolit"). */
  unfinished: boolean;
  /** Each colour's balls at the end (from the room's `results`), in the colours' order; empty when unknown. */
  balls: [colour: Colour, balls: number][];
}

/** What went wrong fetching a record: one key each in the `record` object of online.json. */
export type RecordCode = 'unreachable' | 'missing' | 'status' | 'tooLong';

export class RoomRecordError extends CodedProblem<RecordCode> {
  constructor(code: RecordCode, params: Record<string, string | number>, english: string) {
    super('online:record', code, params, english);
  }
}

const RECORD_NAME = /^[A-Za-z0-9_-]+?-round(\d+)(-unfinished)?\.rolit$/;

/** A round's result as each colour in play and its balls, in the colours' order (a round's setup lists them so); empty without a result. */
export function resultBalls(result: Pick<RoomResult, 'scores'> | undefined): [Colour, number][] {
  return result ? COLOURS.flatMap((c): [Colour, number][] => (result.scores[c] === undefined ? [] : [[c, result.scores[c]]])) : [];
}

/** The room's saved rounds, in order: its record names with the round each is and its result. Names of another shape are left out. */
export function finishedRounds(records: readonly string[], results: readonly RoomResult[]): FinishedRound[] {
  return records
    .map((name) => ({ name, match: RECORD_NAME.exec(name) }))
    .filter((r) => r.match !== null)
    .map(({ name, match }) => {
      const round = Number(match![1]);
      const unfinished = match![2] !== undefined;
      return { name, round, unfinished, balls: unfinished ? [] : resultBalls(results.find((r) => r.round === round - 1)) };
    })
    .sort((a, b) => a.round - b.round);
}

/** Where the server serves a record: `<endpoint>/records/<name>`. */
export function recordUrl(endpoint: string, name: string): string {
  return `${endpoint.replace(/\/$/, '')}/records/${encodeURIComponent(name)}`;
}

/** A record's text from the server; a RoomRecordError says why not. */
export async function fetchRecord(endpoint: string, name: string, fetcher: typeof fetch = fetch): Promise<string> {
  let response: Response;
  try {
    response = await fetcher(recordUrl(endpoint, name));
  } catch (e) {
    throw new RoomRecordError('unreachable', { server: endpoint }, `the game server at ${endpoint} cannot be reached (${e instanceof Error ? e.message : String(e)})`);
  }
  if (response.status === 404) throw new RoomRecordError('missing', {}, `the server keeps no record ${name}`);
  if (!response.ok) throw new RoomRecordError('status', { status: response.status }, `the server answered ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_RECORD_CHARS) throw new RoomRecordError('tooLong', { length: text.length, max: MAX_RECORD_CHARS }, `the record is ${text.length} characters long`);
  return text;
}

/** A saved round's record from the server, or null after a notice that says why it cannot be had. */
async function recordOrSay(session: StoreApi<SessionState>, endpoint: string, round: FinishedRound, fetcher: typeof fetch): Promise<string | null> {
  try {
    return await fetchRecord(endpoint, round.name, fetcher);
  } catch (e) {
    session.getState().showNotice(t('online:recordProblem', { round: round.round, reason: errorText(e) }), 'refusal');
    return null;
  }
}

/** Opens a finished round of the room in the page's replay; a record that cannot be had says why, as a notice. */
export async function openFinishedRound(session: StoreApi<SessionState>, endpoint: string, round: FinishedRound, fetcher: typeof fetch = fetch): Promise<boolean> {
  const text = await recordOrSay(session, endpoint, round, fetcher);
  return text !== null && session.getState().openRecord(text) === null;
}

/**
 * Plays on, on this page, a round the server saved unfinished as it stopped: out of the room
 * (`leaveRoom`), the round opens in the page's replay at its last move, where any move may be
 * played, or Continue gives seats to computers. A record that cannot be had says why, and the
 * page stays in the room as it was.
 */
export async function continueUnfinishedRound(
  session: StoreApi<SessionState>, endpoint: string, round: FinishedRound, leaveRoom: () => Promise<void>, fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const text = await recordOrSay(session, endpoint, round, fetcher);
  if (text === null) return false;
  await leaveRoom();
  return session.getState().openRecord(text) === null;
}
