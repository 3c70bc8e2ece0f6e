/**
 * A page opened anew while its player holds a seat somewhere: "Your game at table X is in play",
 * with Return (the player's key takes the seat back) and Not now. Asked of the server once, from
 * the player's id the page kept (playerKey.ts).
 */
import { useEffect, useState } from 'react';
import { groupedRoomCode } from '../../wire/contractCodes';
import { PLAYER_ID } from '../../app/online/playerKey';
import { playingRooms } from '../../app/online/playingRooms';
import { onlineEndpoint, onlineName, useOnline } from '../../app/online/pageOnline';
import { pageStorage } from '../../app/page/pageStorage';
import { t } from '../../i18n/index';
import './returnToGame.css';

export function ReturnToGame() {
  const [room, setRoom] = useState<string | null>(null);
  useEffect(() => {
    const id = pageStorage()?.getItem(PLAYER_ID);
    if (!id) return;
    let live = true;
    void playingRooms(onlineEndpoint(), id).then((rooms) => live && setRoom(rooms[0] ?? null));
    return () => {
      live = false;
    };
  }, []);
  if (!room) return null;
  const goBack = () => {
    setRoom(null);
    void useOnline.getState().open(room, onlineName(pageStorage()));
  };
  return (
    <div className="return-to-game panel" role="status" data-testid="return-to-game">
      {t('online:inPlay', { code: groupedRoomCode(room) })}{' '}
      <button type="button" className="btn primary" onClick={goBack} data-testid="return-to-game-button">
        {t('online:returnToGame')}
      </button>{' '}
      <button type="button" className="btn" onClick={() => setRoom(null)}>
        {t('online:notNow')}
      </button>
    </div>
  );
}
