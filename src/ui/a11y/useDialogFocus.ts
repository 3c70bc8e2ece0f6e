/**
 * A modal dialog's keyboard contract: focus moves into it when it opens (it stays scrolled to its
 * top), Tab and Shift+Tab stay inside it, Escape closes it (only the innermost dialog, and only
 * while `onClose` is given), and focus returns to where it was when it closes (returnFocus: to the
 * Menu button when that was a control of the menu, closed since). While it is open it counts as an
 * open dialog, which pauses the game unless `pauses` is false.
 */
import { type RefObject, useContext, useEffect, useRef, useState } from 'react';
import { returnFocus } from '../hud/settingsMenu';
import { closedDialog, isInnermost, openedDialog } from './openDialogs';
import { LaterPartOpener } from '../LaterPart';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function useDialogFocus(ref: RefObject<HTMLElement | null>, onClose: (() => void) | null, { pauses = true } = {}): void {
  // The latest onClose, so a parent's re-render (a new function) does not re-run the opening.
  const close = useRef(onClose);
  close.current = onClose;
  // Where focus was before the dialog rendered: read during the first render, before a child's
  // autoFocus moves it into the dialog. Nowhere (the page's body) when the dialog's script came
  // later and the control that asked for it has gone meanwhile (a closed menu's): that control.
  const opener = useContext(LaterPartOpener);
  const [returnTo] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : opener));
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const id = openedDialog(pauses);
    const focusable = () => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    // Without scrolling: a dialog taller than the screen (the rules on a phone) opens at its top,
    // even when its first control is its last line.
    if (!dialog.contains(document.activeElement)) (focusable()[0] ?? dialog).focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (!isInnermost(id)) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        close.current?.();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusable();
      if (items.length === 0) return e.preventDefault();
      const first = items[0];
      const last = items[items.length - 1];
      const inside = dialog.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      closedDialog(id);
      returnFocus(returnTo);
    };
  }, [ref, pauses, returnTo]);
}
