/** Copies a text, saying so (or showing it selected when the clipboard is refused). */
import { useState } from 'react';
import { t } from '../../i18n/index';

export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" onClick={copy} data-testid={testId}>
        {label}
      </button>
      <span className="note" role="status">
        {copied === true ? t('online:copied') : copied === false ? t('online:copyRefused') : ''}
      </span>
    </>
  );
}
