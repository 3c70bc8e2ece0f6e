/**
 * The help overlay (`?` or the HUD's Keys button): every shortcut with a switch to turn it off
 * (WCAG 2.1.4, remembered), and the colour-symbol and reduced-motion switches. A modal dialog.
 */
import { useCallback } from 'react';
import { create } from 'zustand';
import { reducedMotionOn, symbolsOn, useAccess } from '../../app/setup/accessPrefs';
import { SHORTCUTS } from './shortcuts';
import { a11yTexts as t } from './texts';
import { ModalDialog } from './ModalDialog';

export const useHelp = create<{ open: boolean; setOpen(open: boolean): void }>((set) => ({ open: false, setOpen: (open) => set({ open }) }));

export function HelpButton() {
  return (
    <button className="btn" onClick={() => useHelp.getState().setOpen(true)} title={t.helpButtonTitle} aria-haspopup="dialog">
      {t.helpButton}
    </button>
  );
}

function HelpDialog() {
  const close = useCallback(() => useHelp.getState().setOpen(false), []);
  const access = useAccess();
  const off = new Set(access.disabledShortcuts);
  const toggle = (id: string, on: boolean) => access.set({ disabledShortcuts: on ? access.disabledShortcuts.filter((x) => x !== id) : [...access.disabledShortcuts, id] });
  return (
    <ModalDialog title={t.helpTitle} onClose={close} className="help" testId="help">
      <p className="note">{t.helpIntro}</p>
      <table>
        <thead>
          <tr>
            <th>{t.helpKeys}</th>
            <th>{t.helpAction}</th>
            <th>{t.helpOn}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.id}>
              <td>
                <kbd>{s.keys}</kbd>
              </td>
              <td id={`shortcut-${s.id}`}>{s.description}</td>
              <td>
                <input type="checkbox" aria-labelledby={`shortcut-${s.id}`} checked={!off.has(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="note">{t.helpFixed}</p>
      <div className="row">
        <label>
          <input type="checkbox" checked={symbolsOn(access)} onChange={(e) => access.set({ symbols: e.target.checked })} /> {t.symbolsSwitch}
        </label>
        <label>
          <input type="checkbox" checked={reducedMotionOn(access)} onChange={(e) => access.set({ reducedMotion: e.target.checked })} /> {t.reducedMotionSwitch}
        </label>
      </div>
    </ModalDialog>
  );
}

export function HelpOverlay() {
  const open = useHelp((s) => s.open);
  return open ? <HelpDialog /> : null;
}
