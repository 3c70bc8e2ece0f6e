/**
 * The page's keys outside text fields and dialogs: an arrow key puts focus on the accessible
 * board at the cursor (the board then moves it), Escape cancels a half-made Pro double, and the
 * single-key shortcuts of shortcuts.ts run unless turned off. A pointer press hides the cursor ring.
 */
import { useEffect } from 'react';
import { useBoardCursor } from '../../app/session/boardCursor';
import { useAccess } from '../../app/setup/accessPrefs';
import { useSession } from '../../app/page/pageSession';
import { focusBoardSquare } from './BoardGrid';
import { cancelDouble, cursorSquare, runCommand } from './commands';
import { useHelp } from './HelpOverlay';
import { shortcutOf } from './shortcuts';

const CURSOR_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);
/** In a replay these step through the moves (ReplayBar): off the board they are the replay's, not the cursor's. */
const REPLAY_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

export function useKeyboardControls(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('input, select, textarea, [role="dialog"]')) return;
      const onBoard = !!target?.closest('.board-grid');
      if (!onBoard && CURSOR_KEYS.has(e.key)) {
        if (useSession.getState().replay && REPLAY_KEYS.has(e.key)) return;
        e.preventDefault();
        const square = cursorSquare();
        useBoardCursor.getState().moveTo(square);
        focusBoardSquare(square);
        return;
      }
      if (e.key === 'Escape') return cancelDouble();
      const shortcut = shortcutOf(e);
      if (!shortcut || useAccess.getState().disabledShortcuts.includes(shortcut.id)) return;
      e.preventDefault();
      if (shortcut.id === 'help') useHelp.getState().setOpen(true);
      else runCommand(shortcut.id, shortcut);
    };
    const onPointer = (e: PointerEvent) => {
      if (!(e.target instanceof Element && e.target.closest('.board-grid'))) useBoardCursor.getState().hide();
    };
    const onFocusOut = (e: FocusEvent) => {
      const to = e.relatedTarget instanceof Element ? e.relatedTarget : null;
      if (e.target instanceof Element && e.target.closest('.board-grid') && !to?.closest('.board-grid')) useBoardCursor.getState().hide();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
}
