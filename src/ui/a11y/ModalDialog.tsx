/**
 * The one shell of the page's modal dialogs: an overlay labelled by the dialog's title, the
 * keyboard contract of useDialogFocus (focus in, Tab kept inside, Escape, focus back) and the
 * actions row with the close button. `pauses` (default) makes the game wait while it is open.
 */
import { type FormEvent, type ReactNode, useId, useRef } from 'react';
import { a11yTexts } from './texts';
import { useDialogFocus } from './useDialogFocus';

export interface ModalDialogProps {
  title: string;
  /** Null while the dialog cannot be closed (a clip being recorded): no close button, Escape does nothing. */
  onClose: (() => void) | null;
  children: ReactNode;
  /** Buttons before the close button. */
  actions?: ReactNode;
  /** The dialog's main button, after the close button (which is then not the primary one). */
  primary?: ReactNode;
  /** The close button's text: "Close" unless given (e.g. "Cancel"). */
  closeText?: string;
  /** The card is a form with this submit handler. */
  onSubmit?: (e: FormEvent) => void;
  pauses?: boolean;
  className?: string;
  overlayClassName?: string;
  testId?: string;
}

export function ModalDialog({ title, onClose, children, actions, primary, closeText, onSubmit, pauses = true, className, overlayClassName, testId }: ModalDialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogFocus(ref, onClose, { pauses });
  const body = (
    <>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="actions">
        {actions}
        {onClose && (
          <button type="button" className={primary ? 'btn' : 'btn primary'} onClick={onClose}>
            {closeText ?? a11yTexts.close}
          </button>
        )}
        {primary}
      </div>
    </>
  );
  const cardClass = `card dialog${className ? ` ${className}` : ''}`;
  return (
    <div className={`overlay${overlayClassName ? ` ${overlayClassName}` : ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref} data-testid={testId}>
      {onSubmit ? (
        <form className={cardClass} onSubmit={onSubmit}>
          {body}
        </form>
      ) : (
        <div className={cardClass}>{body}</div>
      )}
    </div>
  );
}
