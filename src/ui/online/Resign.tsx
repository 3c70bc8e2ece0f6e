/** Resign with a confirmation: the computer plays on for this seat until the round ends. */
import { useState } from 'react';
import { useOnline } from '../../app/online/pageOnline';
import { t } from '../../i18n/index';
import { ResignConfirm } from './ResignConfirm';

export function Resign() {
  const [asking, setAsking] = useState(false);
  const resigned = useOnline((s) => s.room?.seats.some((seat) => seat.colour === s.you?.colour && seat.reason === 'resigned') ?? false);
  if (resigned) return null;
  return (
    <>
      <button type="button" className="btn" onClick={() => setAsking(true)} data-testid="resign">
        {t('online:resign')}
      </button>
      {asking && <ResignConfirm onClose={() => setAsking(false)} />}
    </>
  );
}
