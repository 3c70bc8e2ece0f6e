/**
 * A page opened anew (or left a room) while its player holds a seat somewhere: what is at that
 * table ("Your game at table X is in play", or its round over and the table still open, or its
 * lobby), with Return (the player's key takes the seat back) and Not now. Asked of the server once,
 * with the player's id and key the page kept (playerKey.ts), the server telling the key's holder
 * only; when the device's network returns if it had none.
 */
import { useEffect, useState } from 'react';
import { groupedRoomCode } from '../../wire/contractCodes';
import { PLAYER_ID, storedPlayerKey } from '../../app/online/playerKey';
import { playingRooms, type SeatHeld } from '../../app/online/playingRooms';
import { onlineEndpoint, onlineName, useOnline } from '../../app/online/pageOnline';
import { pageStorage } from '../../app/page/pageStorage';
import { onNetworkBack, useNetwork } from '../../app/page/network';
import { t } from '../../i18n/index';
import './returnToGame.css';

/** What the offer says of the table, by its phase. */
const SAYS = { playing: 'online:inPlay', over: 'online:roundOverAtTable', waiting: 'online:lobbyAtTable' } as const;

export function ReturnToGame() {
  const [held, setHeld] = useState<SeatHeld | null>(null);
  useEffect(() => {
    const storage = pageStorage();
    const id = storage?.getItem(PLAYER_ID);
    const key = storedPlayerKey(storage);
    if (!id || !key) return;
    let live = true;
    let asked = false;
    const ask = () => {
      asked = true;
      void playingRooms(onlineEndpoint(), id, key).then((rooms) => live && setHeld(rooms[0] ?? null));
    };
    if (useNetwork.getState().online) ask();
    const unfollow = onNetworkBack(() => asked || ask());
    return () => {
      live = false;
      unfollow();
    };
  }, []);
  if (!held) return null;
  const goBack = () => {
    setHeld(null);
    void useOnline.getState().open(held.room, onlineName(pageStorage()));
  };
  return (
    <div className="return-to-game panel" role="status" data-testid="return-to-game">
      {t(SAYS[held.phase], { code: groupedRoomCode(held.room) })}{' '}
      {/* Told before it costs: within how many of their moves the player must be back (src/flow/givingUp.ts). */}
      {held.phase === 'playing' && held.standInLeft !== null && (
        <span data-testid="return-stand-in">{held.standInLeft > 0 ? t('online:standInLeft', { count: held.standInLeft }) : t('online:givenUpAlready')} </span>
      )}
      <button type="button" className="btn primary" onClick={goBack} data-testid="return-to-game-button">
        {t('online:returnToGame')}
      </button>{' '}
      <button type="button" className="btn" onClick={() => setHeld(null)}>
        {t('online:notNow')}
      </button>
    </div>
  );
}
