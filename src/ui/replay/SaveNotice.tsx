/** Why the game is not being kept: an unreadable save (offered for download) or storage refusing writes. */
import { useSession } from '../../app/page/pageSession';
import { downloadText } from './download';
import { texts } from './texts';

export function SaveNotice() {
  const notice = useSession((s) => s.saveNotice);
  const dismiss = useSession((s) => s.dismissSaveNotice);
  if (!notice) return null;
  const raw = notice.raw;
  return (
    <div className="problems save-notice" role="alert" data-testid="save-notice">
      <p>{notice.text}</p>
      <div className="row">
        {raw !== undefined && (
          <button className="btn" onClick={() => downloadText('rolit-unreadable-save.json', raw, 'application/json')}>
            {texts.downloadSave}
          </button>
        )}
        <button className="btn" onClick={dismiss}>
          {texts.ok}
        </button>
      </div>
    </div>
  );
}
