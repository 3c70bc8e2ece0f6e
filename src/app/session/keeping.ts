/**
 * Keeping games on this device: the live game is saved after every move (under this tab's key,
 * see tabGames.ts) and resumed at the start; a finished round joins the history, which can be
 * pruned and imported. Every history write merges with what is stored (history.ts), so two tabs
 * never erase each other's rounds. Storage that refuses is reported once (saveNotice, with the
 * game and the history offered for download) and the game goes on in memory.
 */
import { errorText } from '../../i18n/engineReasons';
import { createGameKeeper, GAME_KEY, type GameKeeper, type ResumedGame, saveText } from '../persistence/currentGame';
import { type HistoryEntry, historyEntry, historyFile, historyRounds, loadHistory, mergeHistory, readRound, storedHistory, updateHistory } from '../persistence/history';
import type { RoundSnapshot } from './roundSnapshot';
import { replayTexts } from '../replay/replayTexts';
import type { ImportOutcome, SessionDeps, SessionState, SessionStore, Table } from './sessionTypes';

type KeepingDeps = Pick<SessionDeps, 'storage' | 'levels' | 'keepGame' | 'gameKey'>;

/** Rounds read between two pauses of an import: small enough that the page stays responsive. */
const IMPORT_CHUNK = 25;

/** What was kept: the game to resume (none when the URL chooses a new one) and the session's first keeping state. */
export interface Kept {
  keeper: GameKeeper | null;
  resumed: ResumedGame | null;
  initial: Pick<SessionState, 'saveNotice' | 'history'>;
}

/** Reads the kept game and history (when the page keeps games); `urlStartsGame` leaves the kept game unread. */
export function loadKept(deps: KeepingDeps, urlStartsGame: boolean): Kept {
  const storage = deps.storage ?? null;
  const keeper = deps.keepGame ? createGameKeeper(storage, deps.levels, deps.gameKey ?? GAME_KEY) : null;
  const kept = keeper && !urlStartsGame ? keeper.load() : { resumed: null, unreadable: null };
  const history: ReturnType<typeof loadHistory> = keeper ? loadHistory(storage) : { entries: [], damaged: [], problem: null };
  // Rounds that cannot be read are set aside now (untouched), so the page says so once.
  const { damaged } = history;
  if (damaged.length > 0) updateHistory(storage, history.entries, (entries) => entries);
  const bad = kept.unreadable;
  const saveNotice = bad
    ? { text: bad.keptAside ? replayTexts.newerSave : replayTexts.unreadableSave(bad), raw: bad.raw }
    : history.problem
      ? { text: replayTexts.unreadableHistory(history.problem.reason), raw: history.problem.raw }
      : damaged.length > 0
        ? { text: replayTexts.damagedRounds(damaged.length), raw: JSON.stringify(damaged), rawFile: 'rolit-damaged-rounds.json' }
        : null;
  return { keeper, resumed: kept.resumed, initial: { saveNotice, history: history.entries } };
}

export interface Keeping extends Pick<SessionState, 'deleteFromHistory' | 'importHistory' | 'reloadHistory'> {
  /** After a change of the live round: save it, and once it is over add it to the history. */
  roundChanged(snapshot: RoundSnapshot): void;
}

/** Lets the page breathe between chunks of work (a macrotask: input and painting go first). */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function createKeeping(kept: Kept, deps: Pick<SessionDeps, 'storage'>, now: () => number, store: SessionStore<'saveNotice' | 'history'>, table: Table): Keeping {
  const { keeper } = kept;
  const storage = deps.storage ?? null;
  const { get, set } = store;
  let saveFailed = false;

  /** Reports the first refusal by storage, once for the page's life; the game goes on in memory. */
  function refused(): void {
    if (saveFailed) return;
    saveFailed = true;
    set({ saveNotice: { text: replayTexts.saveRefused, storageFull: true } });
  }

  /** Changes the stored history (merged with what other tabs stored); the rounds that no longer fit are offered for export. */
  function changeHistory(change: (entries: HistoryEntry[]) => HistoryEntry[]): { stored: boolean; dropped: number } {
    const update = updateHistory(storage, get().history, change);
    set({ history: update.entries });
    if (!update.stored) refused();
    else if (update.dropped.length > 0) set({ saveNotice: { text: replayTexts.historyFull(update.dropped.length), dropped: historyFile(update.dropped) } });
    return { stored: update.stored, dropped: update.dropped.length };
  }

  /** Adds finished rounds to the history (a record already there is skipped). */
  function remember(entries: HistoryEntry[]): Omit<Extract<ImportOutcome, { ok: true }>, 'ok'> {
    if (!keeper) return { added: 0, skipped: entries.length, dropped: 0, stored: false };
    let added = 0;
    let skipped = 0;
    const outcome = changeHistory((stored) => {
      const merged = mergeHistory(stored, entries);
      ({ added, skipped } = merged);
      return merged.entries;
    });
    return { added, skipped, ...outcome };
  }

  return {
    roundChanged(snapshot) {
      if (!keeper) return;
      const { round, results, seats } = get();
      if (!keeper.save(saveText(table.match(), round, results, snapshot.record, new Date(now())))) refused();
      if (snapshot.over) remember([historyEntry(snapshot.record, seats, new Date(now()))]);
    },

    deleteFromHistory(record) {
      changeHistory((stored) => stored.filter((e) => e.record !== record));
    },

    reloadHistory() {
      if (!keeper || !storage) return;
      try {
        const stored = storedHistory(storage, get().history);
        if (stored) set({ history: stored.entries });
      } catch {
        // Storage cannot be read now: the list shown stays.
      }
    },

    async importHistory(text, progress) {
      let rounds: unknown[];
      const entries: HistoryEntry[] = [];
      try {
        rounds = historyRounds(text);
        for (let i = 0; i < rounds.length; i++) {
          entries.push(readRound(rounds[i], i));
          if ((i + 1) % IMPORT_CHUNK === 0 && i + 1 < rounds.length) {
            progress?.(i + 1, rounds.length);
            await pause();
          }
        }
      } catch (e) {
        return { ok: false, reason: errorText(e) };
      }
      progress?.(rounds.length, rounds.length);
      return { ok: true, ...remember(entries) };
    },
  };
}
