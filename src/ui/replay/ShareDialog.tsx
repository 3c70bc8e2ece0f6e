/** Share the round on the table: a link carrying the whole record, or the record as a .rolit file. */
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../app/page/pageSession';
import { shareLink } from '../../app/replay/shareLink';
import { lineRecord } from '../../app/replay/replay';
import { ModalDialog } from '../a11y/ModalDialog';
import { downloadText } from './download';
import { recordFileName, texts } from './texts';

export function ShareDialog({ onClose }: { onClose: () => void }) {
  // In replay: the whole game, not only the moves up to the position shown, and that position.
  const live = useSession((s) => s.snapshot.record);
  const replay = useSession((s) => s.replay);
  const seats = useSession((s) => s.seats);
  const ply = useSession((s) => s.snapshot.state.moves.length);
  const record = useMemo(() => (replay ? lineRecord(replay, seats) : live), [replay, seats, live]);
  const at = replay ? ply : undefined;
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    let current = true;
    void shareLink(location.href, record, at).then((made) => current && setLink(made));
    return () => {
      current = false;
    };
  }, [record, at]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link!);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <ModalDialog
      title={texts.shareHeading}
      onClose={onClose}
      actions={
        <>
          <button className="btn" disabled={!link} onClick={copy}>
            {copied === 'yes' ? texts.copied : texts.copyLink}
          </button>
          <button className="btn" onClick={() => downloadText(recordFileName(new Date()), record)}>
            {texts.download}
          </button>
        </>
      }
    >
      <label className="stack">
        <span>
          {texts.linkLabel}
          {link && <span className="note"> · {texts.linkLength(link.length)}</span>}
        </span>
        <input readOnly value={link ?? texts.makingLink} onFocus={(e) => e.target.select()} data-testid="share-link" aria-label={texts.linkLabel} />
      </label>
      {copied === 'failed' && <div className="error">{texts.copyFailed}</div>}
    </ModalDialog>
  );
}
