/**
 * Online play on the page: the room's lobby (invite link and code, seats with their presence,
 * taking a seat or watching, the host's Start and "fill with computer"), the bar of a room in
 * play (who is connected, drop countdowns, emotes, rematch, leave), a lost connection, the server
 * stopping (its notice, and the saved round to play on here), and a link that cannot be followed,
 * each a component of its own beside this one. Nothing is said by colour alone: every seat has its
 * colour's name and a presence word next to the dot.
 */
import type { Level } from '../../engine/index';
import { useOnline } from '../../app/online/pageOnline';
import { useNetwork } from '../../app/page/network';
import { t } from '../../i18n/index';
import { Closing } from './Closing';
import { Failed } from './Failed';
import { FallbackNotice } from './FallbackNotice';
import { Lobby } from './Lobby';
import { ResignedNotice } from './ResignedNotice';
import { RoomBar } from './RoomBar';
import './online.css';

export function OnlinePanel({ levels, defaultLevel, onRules }: { levels: readonly Level[]; defaultLevel: Level; onRules: () => void }) {
  const status = useOnline((s) => s.status);
  const phase = useOnline((s) => s.room?.phase ?? null);
  const closing = useOnline((s) => s.closing);
  const offline = !useNetwork((s) => s.online);
  if (status === 'idle') return null;
  if (status === 'failed') return <Failed />;
  if (status === 'connecting' || phase === null) {
    return (
      <div className="online-banner panel" role="status" data-testid="online-connecting">
        {t('online:connecting')}
      </div>
    );
  }
  return (
    <>
      {status === 'dropped' && !closing && (
        <div className="online-banner panel" role="status" data-testid="online-dropped">
          {offline ? t('app:offline.reconnecting') : t('online:reconnecting')}
        </div>
      )}
      {closing && <Closing deadline={closing.deadline} />}
      {phase !== 'waiting' && <ResignedNotice />}
      {phase !== 'waiting' && <FallbackNotice />}
      {phase === 'waiting' ? <Lobby levels={levels} defaultLevel={defaultLevel} onRules={onRules} /> : <RoomBar />}
    </>
  );
}
