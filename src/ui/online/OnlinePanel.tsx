/**
 * Online play on the page: the room's lobby (invite link and code, seats with their presence,
 * taking a seat or watching, the host's Start and "fill with computer"), the bar of a room in
 * play (who is connected, drop countdowns, emotes, rematch, leave), a lost connection, the server
 * stopping (its notice, and the saved round to play on here), and a link that cannot be followed. Nothing is said by colour alone: every seat has its colour's name and
 * a presence word next to the dot.
 */
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { type Colour, type Level } from '../../engine/index';
import { EMOTES, groupedRoomCode, MAX_NAME, type RoomResult } from '../../wire/contractCodes';
import { inviteLink, tvLink } from '../../app/online/onlineAddress';
import type { Emote, RoomView, SeatView } from '../../app/online/onlineRoom';
import { ONLINE_NAME_KEY, onlineEndpoint, useOnline } from '../../app/online/pageOnline';
import { onlineTexts } from '../../app/online/onlineTexts';
import { continueUnfinishedRound, finishedRounds, openFinishedRound } from '../../app/online/roomRecords';
import { sessionStore } from '../../app/page/pageSession';
import { pageStorage } from '../../app/page/pageStorage';
import { colourCounts, coloursName, colourName, levelName, t } from '../../i18n/index';
import { seatName } from '../../app/online/onlineLink';
import { useDialogFocus } from '../a11y/useDialogFocus';
import { Swatches } from '../hud/Swatches';
import { useNow } from '../hud/useNow';
import './online.css';

/** How long a resignation's notice stays (ms): long enough to read. */
const NOTICE_MS = 8000;

/** Short screens and phones: the room's bar starts folded (its summary line), so the board stays in view. */
const roomForBar = () => window.matchMedia('(min-width: 721px) and (min-height: 800px)').matches;

/**
 * Keeps the bar just below the seats panel (top left), however many seats it lists, and tells the
 * page where the bar ends (`--online-bar-bottom`), so that the move list under it stops short of it
 * (and, on a phone, the bar's unfolded sheet under it stops short of the toolbar).
 * Both are measured at the frame after any change (the window resized, either panel resized, the
 * page's panels re-rendered): a window turned from phone to laptop width re-lays the seats out after
 * its resize event, and the move list must follow the bar's new place.
 */
function useBelowSeats(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement.style;
    let frame = 0;
    let seats: HTMLElement | null = null;
    const sizes = new ResizeObserver(() => schedule());
    const place = () => {
      frame = 0;
      // The seats panel as it is now (observed anew if the HUD put up another one).
      const now = document.querySelector<HTMLElement>('.seats');
      if (now !== seats) {
        if (seats) sizes.unobserve(seats);
        if (now) sizes.observe(now);
        seats = now;
      }
      if (seats) element.style.setProperty('--seats-bottom', `${Math.ceil(seats.getBoundingClientRect().bottom)}px`);
      root.setProperty('--online-bar-bottom', `${Math.ceil(element.getBoundingClientRect().bottom)}px`);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    sizes.observe(element);
    const changed = new MutationObserver(schedule);
    changed.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    place();
    return () => {
      sizes.disconnect();
      changed.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
      root.removeProperty('--online-bar-bottom');
    };
  }, [bar]);
}

export function OnlinePanel({ levels, defaultLevel, onRules }: { levels: readonly Level[]; defaultLevel: Level; onRules: () => void }) {
  const status = useOnline((s) => s.status);
  const phase = useOnline((s) => s.view?.phase ?? null);
  const closing = useOnline((s) => s.closing);
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
          {t('online:reconnecting')}
        </div>
      )}
      {closing && <Closing deadline={closing.deadline} />}
      {phase !== 'waiting' && <ResignedNotice />}
      {phase !== 'waiting' && <FallbackNotice />}
      {phase === 'waiting' ? <Lobby levels={levels} defaultLevel={defaultLevel} onRules={onRules} /> : <RoomBar />}
    </>
  );
}

/** A seat's presence: a dot with its word (connected, disconnected with the countdown, computer). */
function Presence({ seat }: { seat: SeatView }) {
  const now = useNow(seat.dropDeadline > 0);
  let word: string;
  let state: 'on' | 'off' | 'computer';
  if (seat.resigned) {
    state = 'computer';
    word = t('online:resignedSeat', { level: levelName(seat.level) });
  } else if (seat.kind === 'computer' || seat.standIn) {
    state = 'computer';
    word = seat.standIn ? t('online:standIn', { level: levelName(seat.level) }) : t('online:computer', { level: levelName(seat.level) });
  } else if (!seat.name) {
    state = 'off';
    word = t('online:free');
  } else if (seat.connected) {
    state = 'on';
    word = t('online:connected');
  } else {
    state = 'off';
    word = seat.dropDeadline > 0 ? t('online:droppedFor', { count: Math.max(0, Math.ceil((seat.dropDeadline - now) / 1000)) }) : t('online:disconnected');
  }
  return (
    <span className="presence" data-presence={state}>
      <span className={`presence-dot ${state}`} aria-hidden="true" />
      {word}
    </span>
  );
}

/** A seat's name: the player's, a computer's as in the seats panel ("Master 2"), or Free seat. */
function seatLabel(view: RoomView, seat: number): string {
  return seatName(view, seat) || t('online:freeSeat');
}

/** Copies a text, saying so (or showing it selected when the clipboard is refused). */
function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" onClick={copy} data-testid={testId}>
        {label}
      </button>
      <span className="note" role="status">
        {copied === true ? t('online:copied') : copied === false ? t('online:copyRefused') : ''}
      </span>
    </>
  );
}

function useName(): [string, (name: string) => void, boolean] {
  const [name, setName] = useState(() => pageStorage()?.getItem(ONLINE_NAME_KEY) ?? '');
  const trimmed = name.trim();
  const ok = trimmed !== '' && Array.from(trimmed).length <= MAX_NAME;
  const change = (next: string) => {
    setName(next);
    if (next.trim()) pageStorage()?.setItem(ONLINE_NAME_KEY, next.trim());
  };
  return [name, change, ok];
}

function Lobby({ levels, defaultLevel, onRules }: { levels: readonly Level[]; defaultLevel: Level; onRules: () => void }) {
  const { roomId, view, you, failure } = useOnline((s) => s);
  const { takeSeat, watch, send, leave } = useOnline.getState();
  const [name, setName, nameOk] = useName();
  const [level, setLevel] = useState(defaultLevel);
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, null);
  if (!view || !roomId) return null;
  const link = inviteLink(location, roomId);
  const seated = you !== null && you.colour !== '';
  const host = you?.host === true;
  const freeHuman = view.seats.filter((s) => s.kind === 'human' && !s.name);
  const joinAs = name.trim() || t('online:defaultName');
  // A guest is asked to the host's table (the invitation's words are the host's); once seated, is at it.
  const hostSeat = view.seats.findIndex((s) => s.colour === view.host);
  const hostName = hostSeat >= 0 ? seatName(view, hostSeat) : null;
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
          {!nameOk && name !== '' && <div className="error">{t('online:nameTooLong', { count: MAX_NAME })}</div>}
          <ul className="online-seats">
            {view.seats.map((seat, i) => (
              <li key={seat.colour} className="online-seat" data-colour={seat.colour}>
                <Swatches colours={seat.colours} />
                <span className="who">
                  <b>{seatLabel(view, i)}</b> <span className="note">{coloursName(seat.colours)}</span>
                  {seat.colour === you?.colour && <span className="note"> · {t('online:you')}</span>}
                  {seat.colour === view.host && <span className="note"> · {t('online:host')}</span>}
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
            {t('online:spectators', { count: view.spectators })}
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

/** Someone resigned: the table says so for a while (their seat in the bar says it for the rest of the round). */
function ResignedNotice() {
  const resigned = useOnline((s) => s.resigned);
  return <LatestNotice latest={resigned} text={(m) => t('online:resignedNotice', { name: m.name })} testId="resigned-notice" />;
}

/** A computer level of the room could not search (a fault of the server): the table says that it plays at the fallback level. */
function FallbackNotice() {
  const fallback = useOnline((s) => s.fallback);
  return (
    <LatestNotice
      latest={fallback}
      text={(m) => t('online:computerFallback', { colour: colourName(m.colour), level: levelName(m.level), fallback: levelName(m.fallback) })}
      testId="fallback-notice"
    />
  );
}

/** The latest of a kind of the room's messages, said for a while. */
function LatestNotice<M extends { id: number }>({ latest, text, testId }: { latest: M | null; text: (message: M) => string; testId: string }) {
  const [shown, setShown] = useState<M | null>(null);
  useEffect(() => {
    if (!latest) return;
    setShown(latest);
    const timer = setTimeout(() => setShown(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [latest]);
  if (!shown) return null;
  return (
    <div className="online-banner panel" role="status" data-testid={testId}>
      {text(shown)}
    </div>
  );
}

/** Resign with a confirmation: the computer plays on for this seat until the round ends. */
function Resign() {
  const [asking, setAsking] = useState(false);
  const resigned = useOnline((s) => s.view?.seats.some((seat) => seat.colour === s.you?.colour && seat.resigned) ?? false);
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

function ResignConfirm({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, onClose);
  const resign = () => {
    useOnline.getState().send('resign');
    onClose();
  };
  return (
    <div className="overlay" role="alertdialog" aria-modal="true" aria-labelledby="resign-title" aria-describedby="resign-text" ref={ref} data-testid="resign-confirm">
      <div className="card dialog">
        <h2 id="resign-title">{t('online:resignTitle')}</h2>
        <p id="resign-text">{t('online:resignText')}</p>
        <div className="actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('online:keepPlaying')}
          </button>
          <button type="button" className="btn primary" onClick={resign} data-testid="resign-confirmed">
            {t('online:resignConfirm')}
          </button>
        </div>
      </div>
    </div>
  );
}

function RoomBar() {
  const { roomId, view, you, tv } = useOnline((s) => s);
  const { send, leave } = useOnline.getState();
  const [open, setOpen] = useState(roomForBar);
  const bar = useRef<HTMLDetailsElement>(null);
  useBelowSeats(bar);
  if (!view || !roomId) return null;
  const player = you !== null && you.colour !== '';
  const connected = view.seats.filter((s) => s.kind === 'human' && s.connected && !s.standIn).length;
  // Folded (phones, short screens), the bar's line still shows a dropped player's countdown.
  const dropped = open ? [] : view.seats.map((seat, i) => ({ seat, i })).filter(({ seat }) => seat.kind === 'human' && seat.name && !seat.connected && !seat.standIn);
  // Escape folds the unfolded bar, as it closes the menu (on a phone the bar's sheet lies over the board).
  const fold = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open || e.defaultPrevented) return;
    e.preventDefault();
    setOpen(false);
    bar.current?.querySelector('summary')?.focus();
  };
  return (
    <details className="online-bar panel" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} onKeyDown={fold} ref={bar} data-testid="online-bar">
      <summary>
        {t('online:room')} <code className="room-code">{groupedRoomCode(roomId)}</code> · {t('online:connectedCount', { count: connected })}
        {dropped.map(({ seat, i }) => (
          <span key={seat.colour} className="dropped" data-testid="dropped-summary">
            {' · '}
            {seatLabel(view, i)}: <Presence seat={seat} />
          </span>
        ))}
      </summary>
      <div className="body">
      <div className="row">
        <span className="note" data-testid="online-role">
          {player ? t('online:youPlay', { colour: colourName(you!.colour as Colour) }) : t('online:watching')}
        </span>
        <span className="note">{t('online:spectators', { count: view.spectators })}</span>
      </div>
      <ul className="online-seats compact" aria-label={t('online:seats')}>
        {view.seats.map((seat, i) => (
          <li key={seat.colour} className="online-seat">
            <Swatches colours={seat.colours} />
            <span className="who">{seatLabel(view, i)}</span>
            <Presence seat={seat} />
          </li>
        ))}
      </ul>
      {player && (
        <div className="row emotes" role="group" aria-label={t('online:emotes')}>
          {EMOTES.map((e: Emote) => (
            <button key={e} type="button" className="btn" onClick={() => send('emote', { emote: e })}>
              {t(`online:emote.${e}`)}
            </button>
          ))}
        </div>
      )}
      {player && you?.seatKey && <AnotherDevice roomId={roomId} seatKey={you.seatKey} />}
      {tv && (
        <p className="note">
          <a href={tvLink(location)} data-testid="tv-link">
            {t('lobby:tv.link')}
          </a>{' '}
          {t('lobby:tv.linkNote')}
        </p>
      )}
      <FinishedRounds records={view.records} results={view.results} />
      {view.phase === 'over' && <RatingChange round={view.round} />}
      <div className="row">
        {view.phase === 'over' && you?.host && (
          <button type="button" className="btn primary" onClick={() => send('rematch')} data-testid="rematch">
            {t('online:rematch')}
          </button>
        )}
        {view.phase === 'over' && !you?.host && <span className="note">{t('online:rematchByHost')}</span>}
        {view.phase === 'playing' && player && <Resign />}
        <button type="button" className="btn" onClick={() => void leave()} data-testid="leave-room">
          {t('online:leave')}
        </button>
      </div>
      </div>
    </details>
  );
}

/** The change of this player's rating at the end of a rated round: "+12 · 1,532". */
function RatingChange({ round }: { round: number }) {
  const rated = useOnline((s) => s.rated);
  const player = useOnline((s) => s.you?.player);
  const mine = rated?.round === round ? rated.seats.find((s) => s.player === player) : undefined;
  if (!mine) return null;
  const change = `${mine.change > 0 ? '+' : mine.change < 0 ? '−' : '±'}${Math.abs(mine.change)}`;
  return (
    <p className="note" role="status" data-testid="rating-change">
      {t(mine.provisional ? 'online:ratingChangeProvisional' : 'online:ratingChange', { change, rating: mine.rating })}
    </p>
  );
}

/** The server is stopping: the seconds until it closes the room, and the round it saved to play on here. */
function Closing({ deadline }: { deadline: number }) {
  const now = useNow(true, 500);
  return (
    <div className="online-banner closing panel" role="status" data-testid="online-closing">
      {t('online:closing', { count: Math.max(0, Math.ceil((deadline - now) / 1000)) })} <UnfinishedRounds />
    </div>
  );
}

/** The rounds the server saved unfinished as it stopped, each to play on on this page (out of the room). */
function UnfinishedRounds() {
  const records = useOnline((s) => s.view?.records);
  const [opening, setOpening] = useState(false);
  const rounds = finishedRounds(records ?? [], []).filter((r) => r.unfinished);
  const play = async (round: (typeof rounds)[number]) => {
    setOpening(true);
    await continueUnfinishedRound(sessionStore(), onlineEndpoint(), round, () => useOnline.getState().leave());
    setOpening(false);
  };
  return rounds.map((round) => (
    <button key={round.name} type="button" className="btn primary" disabled={opening} onClick={() => void play(round)} data-testid={`continue-round-${round.round}`}>
      {t('online:continueRound', { round: round.round })}
    </button>
  ));
}

/**
 * Continue on another device: a link carrying this seat's key, which takes the seat there (and
 * closes it here). Folded, since the link is a secret to copy, not to show.
 */
function AnotherDevice({ roomId, seatKey }: { roomId: string; seatKey: string }) {
  const link = inviteLink(location, roomId, seatKey);
  return (
    <details className="another-device" data-testid="another-device">
      <summary>{t('online:anotherDevice')}</summary>
      <p className="note">{t('online:anotherDeviceNote')}</p>
      <div className="row">
        <label>
          {t('online:seatLink')}
          <input type="text" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="seat-link" />
        </label>
        <CopyButton text={link} label={t('online:copySeatLink')} testId="copy-seat-link" />
      </div>
    </details>
  );
}

/** The room's finished rounds, each opened in the page's replay from the server's record. */
function FinishedRounds({ records, results }: { records: readonly string[]; results: readonly RoomResult[] }) {
  const [opening, setOpening] = useState<string | null>(null);
  const rounds = finishedRounds(records, results).filter((r) => !r.unfinished);
  if (rounds.length === 0) return null;
  const open = async (round: (typeof rounds)[number]) => {
    setOpening(round.name);
    await openFinishedRound(sessionStore(), onlineEndpoint(), round);
    setOpening(null);
  };
  return (
    <section className="finished-rounds" aria-labelledby="finished-rounds-title" data-testid="finished-rounds">
      <h3 id="finished-rounds-title">{t('online:finishedRounds')}</h3>
      <ul>
        {rounds.map((round) => (
          <li key={round.name}>
            <button type="button" className="btn" disabled={opening !== null} aria-describedby={`result-${round.name}`} onClick={() => void open(round)} data-testid={`replay-round-${round.round}`}>
              {t('online:replayRound', { round: round.round })}
            </button>{' '}
            <span className="note" id={`result-${round.name}`}>
              {colourCounts(round.balls)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Failed() {
  const { failure, roomId } = useOnline((s) => s);
  const { open, leave } = useOnline.getState();
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, () => void leave());
  const shown = failure ?? { kind: 'lost' as const, code: null, detail: '' };
  const kind = shown.kind;
  // A room the server closed as it stopped is gone: its round is played on here, not rejoined.
  const closed = kind === 'closed' || kind === 'faulted';
  const retry = roomId !== null && kind !== 'unknownRoom' && !closed;
  const detail = onlineTexts.failureDetail(shown);
  return (
    <div className="overlay" role="alertdialog" aria-modal="true" aria-labelledby="online-failed-title" aria-describedby="online-failed-text" ref={ref} data-testid="online-failed">
      <div className="card dialog">
        <h2 id="online-failed-title">{t('online:failedTitle')}</h2>
        <p id="online-failed-text" data-testid="online-failure" data-kind={kind}>
          {onlineTexts.failure(shown, onlineEndpoint())}
        </p>
        {detail && <p className="note" data-testid="online-failure-detail">{detail}</p>}
        <div className="actions">
          {closed && <UnfinishedRounds />}
          {retry && (
            <button type="button" className="btn" onClick={() => void open(roomId!, pageStorage()?.getItem(ONLINE_NAME_KEY) ?? t('online:defaultName'))}>
              {t('online:retry')}
            </button>
          )}
          <button type="button" className="btn primary" onClick={() => void leave()} data-testid="play-locally">
            {t('online:playLocally')}
          </button>
        </div>
      </div>
    </div>
  );
}
