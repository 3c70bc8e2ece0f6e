/** The toolbar's Open…, Share… and History… buttons and their dialogs (each fetched when first opened). */
import { lazy, useState } from 'react';
import { createPortal } from 'react-dom';
import { LaterPart } from '../LaterPart';
import { texts } from './texts';

const DIALOGS = {
  open: lazy(() => import('./OpenRecordDialog').then((m) => ({ default: m.OpenRecordDialog }))),
  share: lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog }))),
  history: lazy(() => import('./HistoryDialog').then((m) => ({ default: m.HistoryDialog }))),
};

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
      {Dialog &&
        createPortal(
          <LaterPart key={open} onFail={close}>
            <Dialog onClose={close} />
          </LaterPart>,
          document.querySelector('.app') ?? document.body,
        )}
    </>
  );
}
