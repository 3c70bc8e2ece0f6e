/** Finished rounds kept on this device: open one in replay, delete one, export all, import a file. */
import { useState, type ChangeEvent } from 'react';
import { useSession } from '../../app/page/pageSession';
import { historyFile, type HistoryEntry } from '../../app/persistence/history';
import { ModalDialog } from '../a11y/ModalDialog';
import { downloadText } from './download';
import { currentLanguage } from '../../i18n/index';
import { texts } from './texts';

export function HistoryDialog({ onClose }: { onClose: () => void }) {
  const history = useSession((s) => s.history);
  const { openRecord, deleteFromHistory, importHistory } = useSession.getState();
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [importing, setImporting] = useState(false);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setImporting(true);
    try {
      const outcome = await importHistory(await file.text(), (done, total) => setStatus({ text: texts.importProgress(done, total), error: false }));
      setStatus(outcome.ok ? { text: texts.imported(outcome), error: false } : { text: texts.fileProblem(file.name, outcome.reason), error: true });
    } finally {
      setImporting(false);
    }
  };
  const open = (entry: HistoryEntry) => {
    const players = entry.players.map((p) => (p.level === 'human' ? { kind: 'human' as const, name: p.name } : { kind: 'computer' as const, level: p.level, name: p.name }));
    if (!openRecord(entry.record, { players })) onClose();
  };
  return (
    <ModalDialog
      title={texts.historyHeading}
      onClose={onClose}
      className="history"
      actions={
        <>
          <button className="btn" disabled={history.length === 0} onClick={() => downloadText('rolit-history.json', historyFile(history), 'application/json')}>
            {texts.exportAll}
          </button>
          <label className="btn">
            {texts.importFile}
            <input type="file" accept=".json,application/json" onChange={pick} disabled={importing} className="visually-hidden" data-testid="history-file" />
          </label>
        </>
      }
    >
      {history.length === 0 && <p className="note">{texts.historyEmpty}</p>}
      <ul className="history-list" data-testid="history-list">
        {history.map((entry) => (
          <li key={entry.record}>
            <div>
              <b>{new Date(entry.finishedAt).toLocaleString(currentLanguage())}</b> · {texts.roundKind(entry.size, entry.variant, entry.misere)}
              <div className="note">{entry.players.map((p) => texts.historyPlayer(p.name, p.colours, p.level)).join(', ')}</div>
              <div>{texts.historyResult(entry.balls)}</div>
            </div>
            <div className="row">
              <button className="btn" onClick={() => open(entry)}>
                {texts.replayRound}
              </button>
              <button className="btn" onClick={() => deleteFromHistory(entry.record)} aria-label={texts.deleteRound(new Date(entry.finishedAt).toLocaleString(currentLanguage()))}>
                {texts.delete}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {status && (
        <div className={status.error ? 'error' : 'note'} role="status" aria-busy={importing}>
          {status.text}
        </div>
      )}
    </ModalDialog>
  );
}
