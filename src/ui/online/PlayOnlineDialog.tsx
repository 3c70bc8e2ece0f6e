/**
 * Play online: the ways into a game with other people, in one dialog reached from the toolbar's
 * menu, the new-game dialog and the first-visit rules. Quick play (the server's queue seats the
 * player with the next ones, computers on the free seats), the open tables (the server's lobby,
 * live, each with its rules, its free colours by name, Join and Watch), creating a table (in the
 * new-game dialog, public or private), joining by code, and live TV (computers playing). The
 * player's name is remembered for all of them. Failures are said in words where they happen: the
 * queue's and the lobby's here, a room's by the online panel's failure dialog. Without a network
 * the dialog says that all of it needs one, its buttons wait, and the open tables come back by
 * themselves when the network returns.
 */
import { useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import { ONLINE_NAME_KEY, onlineEndpoint, onlineName, useOnline, watchTv } from '../../app/online/pageOnline';
import { tvLink } from '../../app/online/onlineAddress';
import { createOpenTables, type OpenTable, type SeatedPlayer } from '../../app/online/openTables';
import type { Colour } from '../../engine/index';
import { createQuickPlay } from '../../app/online/quickPlay';
import { onlineTexts } from '../../app/online/onlineTexts';
import { typedNameProblem } from '../../app/online/typedNameProblem';
import type { Failure } from '../../app/online/onlineRoom';
import { pageStorage } from '../../app/page/pageStorage';
import { normalName } from '../../wire/names';
import { useNetwork } from '../../app/page/network';
import { colourName, levelName, listOf, t } from '../../i18n/index';
import { ModalDialog } from '../a11y/ModalDialog';
import { Swatches } from '../hud/Swatches';
import { useNow } from '../hud/useNow';
import { JoinByCode } from './JoinByCode';
import { closePlayOnline, usePlayOnline } from './playOnline';
import { openProfile, type ProfileView } from './profile';
import { returnFocus } from '../hud/settingsMenu';

/** A failure of the queue or the lobby in the player's words. */
const failureText = (failure: Failure | null) => onlineTexts.failure(failure ?? { kind: 'lost', code: null }, onlineEndpoint());

/** The name field: remembered (the name the page goes by online), checked as the server checks it; what is wrong, in words, or null. */
function useName(): [string, (name: string) => void, string | null] {
  const [name, setName] = useState(() => pageStorage()?.getItem(ONLINE_NAME_KEY) ?? '');
  const change = (next: string) => {
    setName(next);
    const trimmed = next.trim();
    if (trimmed && typedNameProblem(trimmed) === null) pageStorage()?.setItem(ONLINE_NAME_KEY, trimmed);
  };
  return [name, change, typedNameProblem(name)];
}

/** A table's rules in words: "8×8 · Standard · misère · 30 s per move". */
function rulesOf(table: OpenTable): string {
  const variant = table.variant === 'team' ? t('dialogs:teamLabel') : t(`dialogs:variant.${table.variant}`, { defaultValue: table.variant });
  const time = table.timeLimit > 0 ? t('lobby:tables.timeLimit', { count: table.timeLimit }) : t('lobby:tables.noTimeLimit');
  return [`${table.size}×${table.size}`, variant, ...(table.misere ? [t('lobby:tables.misere')] : []), time].join(' · ');
}

function QuickPlay({ quick, name, nameOk, offline }: { quick: ReturnType<typeof createQuickPlay>; name: string; nameOk: boolean; offline: boolean }) {
  const { status, since, group, wait, failure } = useStore(quick);
  const waiting = status === 'joining' || status === 'waiting';
  const now = useNow(waiting, 1000);
  const seconds = Math.max(0, Math.round((now - since) / 1000));
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid="quick-play">
      <h3 id={id}>{t('lobby:quick.title')}</h3>
      <p className="note">{t('lobby:quick.note')}</p>
      <div className="row">
        {/* One button that turns into Cancel and back, so the keyboard's focus stays on it. */}
        <button
          type="button"
          className={waiting ? 'btn' : 'btn primary'}
          disabled={!waiting && (!nameOk || offline || status === 'seated')}
          onClick={() => void (waiting ? quick.getState().cancel() : quick.getState().start(name))}
          data-testid={waiting ? 'quick-cancel' : 'quick-start'}
        >
          {waiting ? t('lobby:quick.cancel') : t('lobby:quick.start')}
        </button>
        {/* Who is waiting is announced as it changes; the seconds are not, every second. */}
        <span role="status" data-testid="quick-status" data-status={status}>
          {status === 'joining' && t('lobby:quick.joining')}
          {status === 'waiting' && t('lobby:quick.waiting', { count: group })}
          {status === 'seated' && t('lobby:quick.seated')}
        </span>
        {waiting && (
          <span className="note" data-testid="quick-waited">
            {wait ? t('lobby:quick.waitedOf', { count: Math.min(seconds, wait), wait }) : t('lobby:quick.waited', { count: seconds })}
          </span>
        )}
      </div>
      {status === 'failed' && (
        <p className="error" role="alert" data-testid="quick-failed">
          {t('lobby:quick.failed', { reason: failureText(failure) })}
        </p>
      )}
    </section>
  );
}

/** A seated player as the open tables list them: "Ann (Red)", a computer by its level in the page's words (the server names it in English). */
const seatedName = (p: SeatedPlayer) => {
  const computer = p.level ? t('lobby:tables.computerLevel', { level: levelName(p.level) }) : t('lobby:tables.computer');
  return t('lobby:tables.seatedPlayer', { name: p.kind === 'computer' ? computer : p.bot ? t('online:botName', { name: p.name }) : p.name, colour: colourName(p.colour) });
};

function TableItem({ table, name, nameOk, onEntered }: { table: OpenTable; name: string; nameOk: boolean; onEntered: () => void }) {
  // Before the start, each free colour is a seat to take: one button each, the player chooses.
  const free = table.phase === 'waiting' ? table.free : [];
  const host = table.host;
  // The buttons say what they do; the table's title (read after) says which table.
  const titleId = useId();
  const join = (colour: Colour) => {
    void useOnline.getState().takeSeat(colour, name, table.roomId);
    onEntered();
  };
  const watch = () => {
    void useOnline.getState().open(table.roomId, name);
    onEntered();
  };
  return (
    <li className="open-table" data-testid="open-table" data-room={table.roomId}>
      <div>
        <b id={titleId}>{t('lobby:tables.hostTable', { host })}</b> <span className="note">· {t(`lobby:tables.phase.${table.phase}`)}</span>
      </div>
      <div className="note">{rulesOf(table)}</div>
      <div className="seats-line">
        {/* The colours in play (a team seat has two: seats are not counted from them), the free ones by name. */}
        <Swatches colours={table.colours} />{' '}
        {t('lobby:tables.seated', { players: listOf(table.seated.map(seatedName)) })} ·{' '}
        {table.free.length > 0 ? t('lobby:tables.free', { colours: listOf(table.free.map((c) => colourName(c))) }) : t('lobby:tables.full')}
        {table.spectators > 0 && <> · {t('lobby:tables.spectators', { count: table.spectators })}</>}
      </div>
      <div className="row">
        {free.map((colour) => (
          <button key={colour} type="button" className={free.length === 1 ? 'btn primary' : 'btn'} disabled={!nameOk} aria-describedby={titleId} onClick={() => join(colour)} data-testid="table-join" data-colour={colour}>
            {/* The colour's swatch and symbol beside its name; the name alone is read out. */}
            <span aria-hidden="true">
              <Swatches colours={[colour]} />
            </span>{' '}
            {t('lobby:tables.join', { colour: colourName(colour) })}
          </button>
        ))}
        <button type="button" className="btn" disabled={!nameOk} aria-describedby={titleId} onClick={watch} data-testid="table-watch">
          {t('lobby:tables.watch')}
        </button>
      </div>
    </li>
  );
}

function OpenTables({ tables, name, nameOk, offline, onEntered }: { tables: ReturnType<typeof createOpenTables>; name: string; nameOk: boolean; offline: boolean; onEntered: () => void }) {
  const { status, tables: list, failure } = useStore(tables);
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid="open-tables" data-status={status}>
      <h3 id={id}>{t('lobby:tables.title')}</h3>
      {status === 'connecting' && <p className="note" role="status">{t('lobby:tables.connecting')}</p>}
      {status === 'open' && list.length === 0 && <p className="note" role="status">{t('lobby:tables.none')}</p>}
      {status === 'failed' && !offline && (
        <div className="row">
          <p className="error" role="alert" data-testid="tables-failed">
            {t('lobby:tables.failed', { reason: failureText(failure) })}
          </p>
          <button type="button" className="btn" onClick={() => void tables.getState().follow()}>
            {t('lobby:tables.retry')}
          </button>
        </div>
      )}
      {list.length > 0 && (
        <ul className="open-tables" aria-labelledby={id}>
          {list.map((table) => (
            <TableItem key={table.roomId} table={table} name={name} nameOk={nameOk} onEntered={onEntered} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function PlayOnlineDialog({ onSetUpTable }: { onSetUpTable: () => void }) {
  // Before the dialog's first render (its focus handling notes where the focus was): back on the
  // control that opened it, or on the Menu button when that control's menu has closed meanwhile.
  useState(() => returnFocus(usePlayOnline.getState().opener));
  const [typed, setName, problem] = useName();
  const nameOk = problem === null;
  const name = normalName(typed) || onlineName(null);
  // The queue and the lobby live as long as the dialog: closing it leaves both.
  const [quick] = useState(() => createQuickPlay(useOnline.getState()));
  const [tables] = useState(() => createOpenTables(useOnline.getState().client));
  const close = closePlayOnline;
  const offline = !useNetwork((s) => s.online);
  // The lobby is followed while there is a network: again by itself when it returns.
  useEffect(() => {
    if (!offline) void tables.getState().follow();
  }, [tables, offline]);
  useEffect(
    () => () => {
      void tables.getState().stop();
      void quick.getState().cancel();
    },
    [tables, quick],
  );
  // The queue gave a table: the page enters it, the dialog steps aside.
  const seated = useStore(quick, (s) => s.status === 'seated');
  useEffect(() => {
    if (seated) close();
  }, [seated]);
  const watchLive = () => {
    void watchTv(useOnline.getState(), name);
    close();
  };
  const createTable = () => {
    close();
    onSetUpTable();
  };
  const ids = { name: useId(), create: useId(), code: useId(), tv: useId(), you: useId() };
  // The player's dialogs take this one's place; the focus goes back where this one's would have.
  const openPlayer = (view: ProfileView) => {
    const opener = usePlayOnline.getState().opener;
    close();
    openProfile(view, opener);
  };
  return (
    <ModalDialog title={t('lobby:playOnline')} onClose={close} className="play-online" testId="play-online-dialog">
      {offline && (
        <p className="error" role="alert" data-testid="play-online-offline">
          {t('app:offline.playOnline')}
        </p>
      )}
      <div className="row">
        <label htmlFor={ids.name}>{t('lobby:yourName')}</label>
        <input id={ids.name} type="text" autoComplete="nickname" value={typed} placeholder={t('online:defaultName')} onChange={(e) => setName(e.target.value)} data-testid="play-online-name" />
      </div>
      {problem && (
        <p className="error" role="alert" data-testid="name-problem">
          {problem}
        </p>
      )}
      <QuickPlay quick={quick} name={name} nameOk={nameOk} offline={offline} />
      <OpenTables tables={tables} name={name} nameOk={nameOk} offline={offline} onEntered={close} />
      <section aria-labelledby={ids.tv}>
        <h3 id={ids.tv}>{t('lobby:tv.title')}</h3>
        <div className="row">
          <button type="button" className="btn" disabled={!nameOk || offline} onClick={watchLive} data-testid="watch-tv">
            {t('lobby:tv.watch')}
          </button>
          <span className="note">{t('lobby:tv.note')}</span>
        </div>
        <p className="note">
          <a href={tvLink(location)} data-testid="tv-link">
            {t('lobby:tv.link')}
          </a>{' '}
          {t('lobby:tv.linkNote')}
        </p>
      </section>
      <section aria-labelledby={ids.create}>
        <h3 id={ids.create}>{t('lobby:create.title')}</h3>
        <p className="note">{t('lobby:create.note')}</p>
        <button type="button" className="btn" disabled={offline} onClick={createTable} data-testid="create-table">
          {t('lobby:create.open')}
        </button>
      </section>
      <section aria-labelledby={ids.code}>
        <h3 id={ids.code}>{t('lobby:code.title')}</h3>
        <JoinByCode onJoined={close} label={t('lobby:code.label')} disabled={offline} />
      </section>
      <section aria-labelledby={ids.you}>
        <h3 id={ids.you}>{t('profile:entryTitle')}</h3>
        <p className="note">{t('profile:entryNote')}</p>
        <div className="row">
          <button type="button" className="btn" disabled={offline} onClick={() => openPlayer('profile')} data-testid="open-profile">
            {t('profile:yourProfile')}
          </button>
          <button type="button" className="btn" disabled={offline} onClick={() => openPlayer('leaderboard')} data-testid="open-leaderboard">
            {t('profile:leaderboard')}
          </button>
        </div>
      </section>
    </ModalDialog>
  );
}
