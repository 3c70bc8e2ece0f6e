/**
 * Joining a room by its code, as a friend reads it aloud: any case, spaces or hyphens, O for 0
 * (the contract's roomCodeOf). Enter in the field joins; it never submits the dialog's local game.
 */
import { useState, type KeyboardEvent } from 'react';
import { onlineName, useOnline } from '../../app/online/pageOnline';
import { pageStorage } from '../../app/page/pageStorage';
import { roomCodeOf } from '../../wire/contractCodes';
import { t } from '../../i18n/index';

/** `label`: the field's words (the Play online dialog's section already says what it is for); `disabled`: joining waits (no network). */
export function JoinByCode({ onJoined, label = t('online:joinByCode'), disabled = false }: { onJoined: () => void; label?: string; disabled?: boolean }) {
  const [typed, setTyped] = useState('');
  const [refused, setRefused] = useState(false);
  const join = () => {
    if (disabled) return;
    const code = roomCodeOf(typed);
    setRefused(code === null);
    if (code === null) return;
    void useOnline.getState().open(code, onlineName(pageStorage()));
    onJoined();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    join();
  };
  return (
    <>
      <div className="row">
        <label>
          {label}{' '}
          <input type="text" autoComplete="off" spellCheck={false} value={typed} onChange={(e) => setTyped(e.target.value)} onKeyDown={onKeyDown} data-testid="room-code-input" />
        </label>
        <button type="button" className="btn" onClick={join} disabled={disabled || typed.trim() === ''} data-testid="join-room">
          {t('online:join')}
        </button>
      </div>
      {refused && (
        <div className="error" role="alert">
          {t('online:badRoom', { value: typed.trim() })}
        </div>
      )}
    </>
  );
}
