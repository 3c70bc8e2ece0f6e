import { useState } from 'react';
import { useSession } from '../../app/page/pageSession';
import { t } from '../../i18n/index';

/** Copies the round's record (docs/record-format.md) to the clipboard: save and share a game. */
export function CopyRecord() {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(useSession.getState().snapshot.record);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
    setTimeout(() => setCopied(null), 1500);
  };
  return (
    <button className="btn" style={{ padding: '1px 8px', fontSize: 12 }} onClick={copy} title={t('hud:copyRecordTitle')}>
      {copied === 'yes' ? t('hud:copied') : copied === 'failed' ? t('hud:copyNotAllowed') : t('hud:copyRecord')}
    </button>
  );
}
