/** The toolbar's Open… and Share… buttons and their dialogs. */
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { OpenRecordDialog } from './OpenRecordDialog';
import { ShareDialog } from './ShareDialog';
import { texts } from './texts';

export function RecordButtons() {
  const [open, setOpen] = useState<'open' | 'share' | null>(null);
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
      {open && createPortal(open === 'open' ? <OpenRecordDialog onClose={close} /> : <ShareDialog onClose={close} />, document.querySelector('.app') ?? document.body)}
    </>
  );
}
