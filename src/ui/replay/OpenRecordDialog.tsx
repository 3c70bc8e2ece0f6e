/** Opens a record in replay: pasted, or a .rolit file (the same files the share dialog downloads). */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useSession } from '../../app/page/pageSession';
import { ModalDialog } from '../a11y/ModalDialog';
import { texts } from './texts';

/** Opens a file's record; returns the problem (naming the file) or null. */
export async function openRecordFile(file: File): Promise<string | null> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return texts.unreadableFile(file.name);
  }
  const reason = useSession.getState().openRecord(text);
  return reason && texts.fileProblem(file.name, reason);
}

export function OpenRecordDialog({ onClose }: { onClose: () => void }) {
  const openRecord = useSession((s) => s.openRecord);
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pasted.trim()) return setError(texts.emptyPaste);
    const reason = openRecord(pasted);
    if (reason) setError(reason);
    else onClose();
  };
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const problem = await openRecordFile(file);
    e.target.value = '';
    if (problem) setError(problem);
    else onClose();
  };
  return (
    <ModalDialog
      title={texts.openHeading}
      onClose={onClose}
      closeText={texts.cancel}
      onSubmit={submit}
      primary={
        <button type="submit" className="btn primary">
          {texts.openButton}
        </button>
      }
    >
      <label className="stack">
        <span>{texts.pasteLabel}</span>
        <textarea rows={8} spellCheck={false} value={pasted} onChange={(e) => setPasted(e.target.value)} aria-label={texts.pasteLabel} />
      </label>
      <label className="stack">
        <span>{texts.fileLabel}</span>
        <input type="file" accept=".rolit,.txt,text/plain" onChange={pick} data-testid="record-file" />
      </label>
      <p className="note">{texts.dropHint}</p>
      {error && (
        <div className="error" role="alert" data-testid="open-error">
          {error}
        </div>
      )}
    </ModalDialog>
  );
}
