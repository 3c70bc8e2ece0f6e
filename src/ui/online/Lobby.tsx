/**
 * The room's lobby, before its match starts: the invite link and code, the seats with their
 * presence, taking a seat (under the name this player goes by online) or watching, and the host's
 * Start and "fill with computer".
 */
import { useRef, useState } from 'react';
import type { Level } from '../../engine/index';
import { groupedRoomCode, MAX_NAME } from '../../wire/contractCodes';
import { inviteLink } from '../../app/online/onlineAddress';
import { ONLINE_NAME_KEY, onlineEndpoint, useOnline } from '../../app/online/pageOnline';
import { onlineTexts } from '../../app/online/onlineTexts';
import { typedNameProblem } from '../../app/online/typedNameProblem';
import { pageStorage } from '../../app/page/pageStorage';
import { coloursName, colourName, levelName, t } from '../../i18n/index';
import { seatName } from '../../app/online/onlineLink';
import { useDialogFocus } from '../a11y/useDialogFocus';
import { Swatches } from '../hud/Swatches';
import { CopyButton } from './CopyButton';
import { Presence } from './Presence';
import { seatLabel } from './seatLabel';

function useName(): [string, (name: string) => void, string | null] {
  const [name, setName] = useState(() => pageStorage()?.getItem(ONLINE_NAME_KEY) ?? '');
  const change = (next: string) => {
    setName(next);
    if (next.trim() && typedNameProblem(next) === null) pageStorage()?.setItem(ONLINE_NAME_KEY, next.trim());
  };
  // Checked as the server checks it (src/wire/names.ts); empty, the default name goes.
  return [name, change, typedNameProblem(name)];
}

export function Lobby({ levels, defaultLevel, onRules }: { levels: readonly Level[]; defaultLevel: Level; onRules: () => void }) {
  const { roomId, room, you, failure } = useOnline((s) => s);
  const { takeSeat, watch, send, leave } = useOnline.getState();
  const [name, setName, nameProblem] = useName();
  const nameOk = name.trim() !== '' && nameProblem === null;
  const [level, setLevel] = useState(defaultLevel);
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, null);
  if (!room || !roomId) return null;
  const link = inviteLink(location, roomId);
  const seated = you !== null && you.colour !== '';
  const host = you?.host === true;
  const freeHuman = room.seats.filter((s) => s.reason === 'free');
  const joinAs = name.trim() || t('online:defaultName');
  // A guest is asked to the host's table (the invitation's words are the host's); once seated, is at it.
  const hostSeat = room.seats.findIndex((s) => s.colour === room.host);
  const hostName = hostSeat >= 0 ? seatName(room, hostSeat) : null;
  const title = host || (seated && !hostName) ? t('online:lobbyTitle') : hostName ? t(seated ? 'online:atTable' : 'online:joinTable', { host: hostName }) : t('online:joinThisTable');
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="lobby-title" ref={ref} data-testid="lobby">
      <div className="card dialog online-lobby">
        <h2 id="lobby-title" data-testid="lobby-title">{title}</h2>
        <section aria-labelledby="invite-title">
          <h3 id="invite-title">{host ? t('online:invite') : t('online:tableLink')}</h3>
          <div className="row">
            <label className="grow">
              {host ? t('online:inviteLink') : t('online:tableLinkLabel')}
              <input type="text" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="invite-link" />
            </label>
          </div>
          <div className="row">
            <CopyButton text={link} label={t('online:copyLink')} testId="copy-link" />
          </div>
          <div className="row">
            <span>
              {t('online:roomCode')} <code className="room-code" data-testid="room-code">{groupedRoomCode(roomId)}</code>
            </span>
            <CopyButton text={roomId} label={t('online:copyCode')} testId="copy-code" />
          </div>
        </section>
        <section aria-labelledby="seats-title">
          <h3 id="seats-title">{t('online:seats')}</h3>
          {!seated && (
            <label className="row">
              {t('online:yourName')}
              <input type="text" value={name} maxLength={MAX_NAME} placeholder={t('online:defaultName')} onChange={(e) => setName(e.target.value)} data-testid="online-name" />
            </label>
          )}
          {nameProblem && (
            <div className="error" role="alert" data-testid="name-problem">
              {nameProblem}
            </div>
          )}
          <ul className="online-seats">
            {room.seats.map((seat, i) => (
              <li key={seat.colour} className="online-seat" data-colour={seat.colour}>
                <Swatches colours={seat.colours} />
                <span className="who">
                  <b>{seatLabel(room, i)}</b> <span className="note">{coloursName(seat.colours)}</span>
                  {seat.colour === you?.colour && <span className="note"> · {t('online:you')}</span>}
                  {seat.colour === room.host && <span className="note"> · {t('online:host')}</span>}
                </span>
                <Presence seat={seat} />
                {seat.kind === 'human' && !seat.name && !seated && (
                  <button type="button" className="btn" disabled={!nameOk && name !== ''} onClick={() => void takeSeat(seat.colour, joinAs)} data-testid={`take-${seat.colour}`}>
                    {t('online:takeSeat', { colour: colourName(seat.colour) })}
                  </button>
                )}
                {seat.kind === 'human' && !seat.name && host && (
                  <button type="button" className="btn" onClick={() => send('fill', { colour: seat.colour, level })} data-testid={`fill-${seat.colour}`}>
                    {t('online:fill', { colour: colourName(seat.colour) })}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {host && freeHuman.length > 0 && (
            <label className="row">
              {t('online:fillLevel')}
              <select value={level} onChange={(e) => setLevel(e.target.value as Level)}>
                {levels.map((l) => (
                  <option key={l} value={l}>
                    {levelName(l)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p className="note" data-testid="spectators">
            {t('online:spectators', { count: room.spectators })}
          </p>
          {failure?.kind === 'seatTaken' && <div className="error" role="alert">{onlineTexts.failure(failure, onlineEndpoint())}</div>}
        </section>
        <div className="actions">
          <button type="button" className="btn" onClick={onRules} data-testid="lobby-rules">
            {t('hud:rules')}
          </button>
          <button type="button" className="btn" onClick={() => void leave()} data-testid="leave-room">
            {t('online:playLocally')}
          </button>
          {/* The host keeps the seat: leaving it would hand hosting to someone else. */}
          {seated && !host && (
            <button type="button" className="btn" onClick={() => void watch(joinAs)}>
              {t('online:watchInstead')}
            </button>
          )}
          {host ? (
            <button type="button" className="btn primary" disabled={freeHuman.length > 0} title={freeHuman.length > 0 ? t('online:refused.seatsFree') : undefined} onClick={() => send('start')} data-testid="start-online">
              {t('online:start')}
            </button>
          ) : (
            <span className="note" role="status">
              {t('online:waitForHost')}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
