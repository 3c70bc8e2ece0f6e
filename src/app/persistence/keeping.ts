/**
 * Keeping games on this device: the live game is saved after every move and resumed at the
 * start; a finished round joins the history, which can be pruned and imported. A storage that
 * refuses is reported once (saveNotice) and the game goes on.
 */
import { errorText } from '../../i18n/engineReasons';
import { createGameKeeper, type GameKeeper, type ResumedGame, saveText } from './currentGame';
import { type HistoryEntry, historyEntry, loadHistory, mergeHistory, readHistoryFile, storeHistory } from './history';
import type { RoundSnapshot } from '../session/roundSnapshot';
import { replayTexts } from '../replay/replayTexts';
import type { SessionDeps, SessionState, SessionStore, Table } from '../session/sessionTypes';

type KeepingDeps = Pick<SessionDeps, 'storage' | 'levels' | 'keepGame'>;

/** What was kept: the game to resume (none when the URL chooses a new one) and the session's first keeping state. */
export interface Kept {
  keeper: GameKeeper | null;
  resumed: ResumedGame | null;
  initial: Pick<SessionState, 'saveNotice' | 'history'>;
}

/** Reads the kept game and history (when the page keeps games); `urlStartsGame` leaves the kept game unread. */
export function loadKept(deps: KeepingDeps, urlStartsGame: boolean): Kept {
  const storage = deps.storage ?? null;
  const keeper = deps.keepGame ? createGameKeeper(storage, deps.levels) : null;
  const kept = keeper && !urlStartsGame ? keeper.load() : { resumed: null, unreadable: null };
  const history: ReturnType<typeof loadHistory> = keeper ? loadHistory(storage) : { entries: [], problem: null };
  const saveNotice = kept.unreadable
    ? { text: replayTexts.unreadableSave(kept.unreadable), raw: kept.unreadable.raw }
    : history.problem
      ? { text: replayTexts.unreadableHistory(history.problem.reason), raw: history.problem.raw }
      : null;
  return { keeper, resumed: kept.resumed, initial: { saveNotice, history: history.entries } };
}

export interface Keeping extends Pick<SessionState, 'deleteFromHistory' | 'importHistory'> {
  /** After a change of the live round: save it, and once it is over add it to the history. */
  roundChanged(snapshot: RoundSnapshot): void;
}

export function createKeeping(kept: Kept, deps: Pick<SessionDeps, 'storage'>, now: () => number, store: SessionStore, table: Table): Keeping {
  const { keeper } = kept;
  const storage = deps.storage ?? null;
  const { get, set } = store;
  let saveFailed = false;

  /** Reports the first refusal by storage; the game goes on. */
  function refused(): void {
    if (saveFailed) return;
    saveFailed = true;
    set({ saveNotice: { text: replayTexts.saveRefused } });
  }

  /** Adds finished rounds to the history (a record already there is skipped) and stores it. */
  function remember(...entries: HistoryEntry[]): { added: number; skipped: number } {
    if (!keeper) return { added: 0, skipped: entries.length };
    const merged = mergeHistory(get().history, entries);
    const counts = { added: merged.added, skipped: merged.skipped };
    if (merged.added === 0) return counts;
    set({ history: merged.entries });
    if (!storeHistory(storage, merged.entries)) refused();
    return counts;
  }

  return {
    roundChanged(snapshot) {
      if (!keeper) return;
      const { round, results, seats } = get();
      if (keeper.save(saveText(table.match(), round, results, snapshot.record, new Date(now())))) saveFailed = false;
      else refused();
      if (snapshot.over) remember(historyEntry(snapshot.record, seats, new Date(now())));
    },

    deleteFromHistory(record) {
      const history = get().history.filter((e) => e.record !== record);
      set({ history });
      storeHistory(storage, history);
    },

    importHistory(text) {
      let entries: HistoryEntry[];
      try {
        entries = readHistoryFile(text);
      } catch (e) {
        return { ok: false, reason: errorText(e) };
      }
      return { ok: true, ...remember(...entries) };
    },
  };
}
