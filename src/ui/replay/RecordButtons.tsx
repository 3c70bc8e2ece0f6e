/** The toolbar's Open…, Share… and History… buttons and their dialogs. */

const DIALOGS = { open: OpenRecordDialog, share: ShareDialog, history: HistoryDialog };
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { HistoryDialog } from './HistoryDialog';
import { OpenRecordDialog } from './OpenRecordDialog';
import { ShareDialog } from './ShareDialog';
import { texts } from './texts';

export function RecordButtons() {
  const [open, setOpen] = useState<keyof typeof DIALOGS | null>(null);
  const Dialog = open ? DIALOGS[open] : null;
  const close = () => setOpen(null);
  return (
    <>
      <button className="btn" onClick={() => setOpen('open')} title={texts.openTitle}>
        {texts.open}
      </button>
      <button className="btn" onClick={() => setOpen('share')} title={texts.shareTitle}>
        {texts.share}
      </button>
      {/* Over the whole page, not inside the toolbar that holds the buttons. */}
      <button className="btn" onClick={() => setOpen('history')} title={texts.historyTitle}>
        {texts.history}
      </button>
      {Dialog && createPortal(<Dialog onClose={close} />, document.querySelector('.app') ?? document.body)}
    </>
  );
}
