/**
 * Why the game is not being kept, with what the player can download to keep it: an unreadable or
 * newer save, storage refusing writes (the game in memory and the history), or the oldest rounds
 * leaving the history.
 */
import { useSession } from '../../app/page/pageSession';
import { historyFile } from '../../app/persistence/history';
import { downloadText } from './download';
import { recordFileName, texts } from './texts';

export function SaveNotice() {
  const notice = useSession((s) => s.saveNotice);
  const dismiss = useSession((s) => s.dismissSaveNotice);
  if (!notice) return null;
  const { raw, rawFile, dropped, storageFull } = notice;
  return (
    <div className="problems save-notice" role="alert" data-testid="save-notice">
      <p>{notice.text}</p>
      <div className="row">
        {raw !== undefined && (
          <button className="btn" onClick={() => downloadText(rawFile ?? 'rolit-unreadable-save.json', raw, 'application/json')}>
            {texts.downloadSave}
          </button>
        )}
        {storageFull && (
          <>
            <button className="btn" onClick={() => downloadText(recordFileName(new Date()), useSession.getState().snapshot.record, 'text/plain')}>
              {texts.downloadGame}
            </button>
            <button className="btn" onClick={() => downloadText('rolit-history.json', historyFile(useSession.getState().history), 'application/json')}>
              {texts.exportHistory}
            </button>
          </>
        )}
        {dropped !== undefined && (
          <button className="btn" onClick={() => downloadText('rolit-older-rounds.json', dropped, 'application/json')}>
            {texts.downloadRounds}
          </button>
        )}
        <button className="btn" onClick={dismiss}>
          {texts.ok}
        </button>
      </div>
    </div>
  );
}
