/**
 * The player's dialogs (a chunk of their own, fetched when first opened): **Your profile** (name,
 * rating, rounds, where they stand against the computer levels, their rounds newest first a page
 * at a time, each replayable on the board; Forget me; the link and QR code to play on another
 * device) and the **Leaderboard** (a page at a time, the player's own row marked in words). Also
 * the question a link from another device asks before its player key replaces this device's.
 * Everything is asked of the game server (src/app/online/players.ts); what fails is said here,
 * and what failed for want of a network is asked again by itself when the network returns.
 */
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { onNetworkBack, useNetwork } from '../../app/page/network';
import { LEVELS } from '../../ai/index';
import { onlineEndpoint } from '../../app/online/pageOnline';
import { adoptPlayerKey, forgetPlayerKey, movePlayerLink, playerIdOfKey, rememberPlayerId, storedPlayerKey } from '../../app/online/playerKey';
import { fetchGames, fetchLeaderboard, fetchLevelRatings, fetchProfile, forgetPlayer, type Leader, PAGE_SIZE, type Page, type PlayerGame, standing } from '../../app/online/players';
import { useSession } from '../../app/page/pageSession';
import { pageStorage } from '../../app/page/pageStorage';
import { errorText } from '../../i18n/engineReasons';
import { currentLanguage, levelName, signedChange, t } from '../../i18n/index';
import { ModalDialog } from '../a11y/ModalDialog';
import { returnFocus } from '../hud/settingsMenu';
import { ChallengeButton, ChallengeList } from './Challenges';
import { closeProfile, offerPlayerKey, openProfile, useProfile } from './profile';
import './profileDialog.css';

const DeviceQr = lazy(() => import('./DeviceQr').then((m) => ({ default: m.DeviceQr })));

/** `offline`: it failed while the device had no network. */
type Asked<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'failed'; reason: string; offline: boolean };

/** An answer of the server, asked again when `ask` changes, on `retry`, and when the network returns after a failure. */
function useAsked<T>(ask: () => Promise<T>): [Asked<T>, () => void] {
  const [asked, setAsked] = useState<Asked<T>>({ status: 'loading' });
  const [tries, setTries] = useState(0);
  useEffect(() => {
    let live = true;
    setAsked({ status: 'loading' });
    ask().then(
      (value) => live && setAsked({ status: 'done', value }),
      (e: unknown) => live && setAsked({ status: 'failed', reason: errorText(e), offline: !useNetwork.getState().online }),
    );
    return () => {
      live = false;
    };
  }, [ask, tries]);
  useEffect(() => (asked.status === 'failed' ? onNetworkBack(() => setTries((n) => n + 1)) : undefined), [asked.status]);
  return [asked, () => setTries((n) => n + 1)];
}

/** Loading, or the failure with Try again, or the answer. */
function Answer<T>({ asked, retry, children }: { asked: Asked<T>; retry: () => void; children: (value: T) => ReactNode }) {
  if (asked.status === 'loading') return <p className="note" role="status">{t('profile:loading')}</p>;
  if (asked.status === 'failed' && asked.offline) {
    return (
      <p className="error" role="alert" data-testid="profile-offline">
        {t('app:offline.profile')}
      </p>
    );
  }
  if (asked.status === 'failed') {
    return (
      <div className="row">
        <p className="error" role="alert" data-testid="profile-failed">
          {t('profile:failed', { reason: asked.reason })}
        </p>
        <button type="button" className="btn" onClick={retry}>
          {t('profile:retry')}
        </button>
      </div>
    );
  }
  return <>{children(asked.value)}</>;
}

/** The pages of a list walked by cursor (docs/online.md, Lists): the cursors of the pages seen, the last one's shown. */
function useCursors() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    cursor: cursors[cursors.length - 1],
    index: cursors.length - 1,
    next: (cursor: string) => setCursors((seen) => [...seen, cursor]),
    previous: () => setCursors((seen) => (seen.length > 1 ? seen.slice(0, -1) : seen)),
  };
}

/** Previous and Next of a paginated list, with "11–20 of 23" (or "11–20" where the total is not known). */
function Pager({ page, pages, total }: { page: Page<unknown>; pages: ReturnType<typeof useCursors>; total?: number }) {
  if (pages.index === 0 && page.next === null) return null;
  const from = pages.index * PAGE_SIZE + 1;
  const to = from + page.items.length - 1;
  const next = page.next;
  return (
    <div className="row pager">
      <button type="button" className="btn" disabled={pages.index === 0} onClick={pages.previous} data-testid="page-previous">
        {t('profile:previous')}
      </button>
      <span className="note" aria-live="polite">
        {total === undefined ? t('profile:rangeOpen', { from, to }) : t('profile:range', { from, to, total })}
      </span>
      <button type="button" className="btn" disabled={next === null} onClick={() => next !== null && pages.next(next)} data-testid="page-next">
        {t('profile:next')}
      </button>
    </div>
  );
}

const dateText = (iso: string) => new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A seat's name: a computer by its level in the page's words, a forgotten player as such, a bot said to be one. */
function seatName(seat: { player: string | null; name: string; kind: string }): string {
  if (seat.player?.startsWith('computer:')) return t('profile:computerSeat', { level: levelName(seat.player.slice('computer:'.length)) });
  if (seat.name === '?') return t('profile:forgotten');
  return seat.kind === 'bot' ? t('online:botName', { name: seat.name }) : seat.name;
}

/** A seat of a kept round as the round's end says it: "Ann 3 (gave up, −41 → 1,459)". */
function seatOutcome(seat: PlayerGame['seats'][number]): string {
  const rated = seat.ratingBefore !== null && seat.ratingAfter !== null ? t('hud:ratingOfSeat', { change: signedChange(seat.ratingAfter - seat.ratingBefore), rating: seat.ratingAfter }) : null;
  const notes = [seat.forfeit ? t('hud:gaveUpSeat') : null, rated].filter(Boolean);
  return `${seatName(seat)} ${seat.score}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}

/** How the player did in a round: won, tied, placed, gave up; and the rating's move. */
function outcomeText(game: PlayerGame, id: string): string {
  const mine = game.seats.find((s) => s.player === id);
  if (!mine) return '';
  const firsts = game.seats.filter((s) => s.rank === 1).length;
  const placed = mine.forfeit ? t('profile:gaveUp') : mine.rank === 1 ? t(firsts > 1 ? 'profile:tied' : 'profile:won') : t('profile:placed', { rank: mine.rank, seats: game.seats.length });
  const rating = !game.rated ? t('profile:unratedGame') : mine.ratingBefore !== null && mine.ratingAfter !== null ? t('profile:ratingMove', { before: mine.ratingBefore, after: mine.ratingAfter }) : '';
  return [placed, rating].filter(Boolean).join(' · ');
}

function GameItem({ game, id, onReplay }: { game: PlayerGame; id: string; onReplay: (game: PlayerGame) => void }) {
  const date = dateText(game.date);
  return (
    <li className="profile-game" data-testid="profile-game" data-record={game.id}>
      <div>
        <b>{t('profile:gameTitle', { date, size: game.size })}</b> · {outcomeText(game, id)}
      </div>
      {/* Every seat's outcome in the words of the round's end (RoundOver): given up said as such, and the rating's move. */}
      <div className="note" data-testid="profile-seats">{game.seats.map(seatOutcome).join(', ')}</div>
      <button type="button" className="btn" aria-label={t('profile:replayRound', { date })} onClick={() => onReplay(game)} data-testid="profile-replay">
        {t('profile:replay')}
      </button>
    </li>
  );
}

function Games({ id }: { id: string }) {
  const pages = useCursors();
  const cursor = pages.cursor;
  const ask = useCallback(async () => {
    // The profile's count of rounds is the list's total ("11–20 of 23").
    const [page, profile] = await Promise.all([fetchGames(onlineEndpoint(), id, cursor), fetchProfile(onlineEndpoint(), id)]);
    return { ...page, total: profile?.games };
  }, [id, cursor]);
  const [asked, retry] = useAsked(ask);
  const [problem, setProblem] = useState<string | null>(null);
  const replay = (game: PlayerGame) => {
    // The page's replay, as for any record: steps, variations, Continue.
    const reason = useSession.getState().openRecord(game.record);
    if (reason === null) closeProfile();
    else setProblem(reason);
  };
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="profile-games">
      <h3 id={headingId}>{t('profile:yourGames')}</h3>
      <Answer asked={asked} retry={retry}>
        {(page) =>
          page.items.length === 0 && pages.index === 0 ? (
            <p className="note">{t('profile:noGames')}</p>
          ) : (
            <>
              <ul className="profile-list" aria-labelledby={headingId}>
                {page.items.map((game) => (
                  <GameItem key={game.id} game={game} id={id} onReplay={replay} />
                ))}
              </ul>
              <Pager page={page} pages={pages} total={page.total} />
            </>
          )
        }
      </Answer>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** The player's summary: name, rating (provisional said), rounds, standing against the computer levels. */
function Summary({ id }: { id: string }) {
  const ask = useCallback(async () => {
    const [profile, levels] = await Promise.all([fetchProfile(onlineEndpoint(), id), fetchLevelRatings(onlineEndpoint(), LEVELS)]);
    return { profile, levels };
  }, [id]);
  const [asked, retry] = useAsked(ask);
  return (
    <Answer asked={asked} retry={retry}>
      {({ profile, levels }) => {
        if (!profile) return <p className="note" data-testid="profile-none">{t('profile:noPlayer')}</p>;
        const stands = profile.rating === null ? null : standing(profile.rating, levels);
        return (
          <div className="profile-summary" data-testid="profile-summary">
            <p className="profile-name">{profile.name}</p>
            <p data-testid="profile-rating">
              {profile.rating === null ? t('profile:unrated') : t(profile.provisional ? 'profile:ratingProvisional' : 'profile:rating', { rating: profile.rating })}
            </p>
            {stands && <p data-testid="profile-standing">{'above' in stands ? t('profile:above', { level: levelName(stands.above) }) : t('profile:below', { level: levelName(stands.below) })}</p>}
            <p>{t('profile:games', { played: profile.games, rated: profile.ratedGames })}</p>
          </div>
        );
      }}
    </Answer>
  );
}

/** Forget me: a plain confirmation, the server asked, the key dropped here; the outcome said in words. */
function ForgetMe({ playerKey, onForgotten }: { playerKey: string; onForgotten: () => void }) {
  const [step, setStep] = useState<'idle' | 'asking' | 'working' | { done: string } | { failed: string }>('idle');
  const headingId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (step === 'asking') keep.current?.focus();
    else if (typeof step === 'object') said.current?.focus();
  }, [step]);
  const forget = async () => {
    setStep('working');
    try {
      const forgotten = await forgetPlayer(onlineEndpoint(), playerKey);
      forgetPlayerKey(pageStorage());
      setStep({ done: t(forgotten ? 'profile:forget.done' : 'profile:forget.nothing') });
      onForgotten();
    } catch (e) {
      setStep({ failed: t('profile:forget.failed', { reason: errorText(e) }) });
    }
  };
  return (
    <section aria-labelledby={headingId} data-testid="forget-me">
      <h3 id={headingId}>{t('profile:forget.title')}</h3>
      <p className="note">{t('profile:forget.note')}</p>
      {(step === 'idle' || (typeof step === 'object' && 'failed' in step)) && (
        <button type="button" className="btn" onClick={() => setStep('asking')} data-testid="forget-start">
          {t('profile:forget.button')}
        </button>
      )}
      {(step === 'asking' || step === 'working') && (
        <div className="row" role="group" aria-labelledby={headingId}>
          <p>{t('profile:forget.confirm')}</p>
          <button type="button" className="btn" disabled={step === 'working'} onClick={() => void forget()} data-testid="forget-confirm">
            {t('profile:forget.yes')}
          </button>
          <button type="button" className="btn" ref={keep} disabled={step === 'working'} onClick={() => setStep('idle')}>
            {t('profile:forget.cancel')}
          </button>
        </div>
      )}
      {typeof step === 'object' && (
        <p ref={said} tabIndex={-1} className={'failed' in step ? 'error' : 'note'} role={'failed' in step ? 'alert' : 'status'} data-testid="forget-result">
          {'failed' in step ? step.failed : step.done}
        </p>
      )}
    </section>
  );
}

/** The link (and its QR code) that moves the player to another device, with the warning. */
function MoveDevice({ playerKey }: { playerKey: string }) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const headingId = useId();
  const fieldId = useId();
  const link = movePlayerLink(location, playerKey);
  const copy = () => void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => undefined);
  return (
    <section aria-labelledby={headingId} data-testid="move-device">
      <h3 id={headingId}>{t('profile:move.title')}</h3>
      <p className="note">{t('profile:move.note')}</p>
      {!shown ? (
        <button type="button" className="btn" onClick={() => setShown(true)} data-testid="move-show">
          {t('profile:move.show')}
        </button>
      ) : (
        <>
          <p className="warning" role="note">
            <b>{t('profile:move.warning')}</b>
          </p>
          <div className="row">
            <label htmlFor={fieldId}>{t('profile:move.link')}</label>
            <input id={fieldId} type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="move-link" />
            <button type="button" className="btn" onClick={copy}>
              {copied ? t('profile:move.copied') : t('profile:move.copy')}
            </button>
          </div>
          <Suspense fallback={null}>
            <DeviceQr link={link} label={t('profile:move.qr')} />
          </Suspense>
        </>
      )}
    </section>
  );
}

function ProfileView() {
  const [playerKey] = useState(() => storedPlayerKey(pageStorage()));
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (playerKey) void playerIdOfKey(playerKey).then((derived) => live && setId(derived));
    return () => {
      live = false;
    };
  }, [playerKey]);
  // Forgotten: the summary, the rounds and the link go; Forget me stays to say how it went.
  const [forgotten, setForgotten] = useState(false);
  if (!playerKey) return <p className="note" data-testid="profile-none">{t('profile:noPlayer')}</p>;
  return (
    <>
      {id && !forgotten && <Summary id={id} />}
      {id && !forgotten && <Games id={id} />}
      {playerKey && !forgotten && <MoveDevice playerKey={playerKey} />}
      {playerKey && (
        <ForgetMe playerKey={playerKey} onForgotten={() => setForgotten(true)} />
      )}
    </>
  );
}

function LeaderRow({ leader, place, mine, canChallenge }: { leader: Leader; place: number; mine: boolean; canChallenge: boolean }) {
  const name = leader.kind === 'computer' ? t('profile:computerSeat', { level: levelName(leader.id.slice('computer:'.length)) }) : leader.kind === 'bot' ? t('online:botName', { name: leader.name }) : leader.name;
  return (
    <li value={place} className={mine ? 'leader mine' : 'leader'} aria-current={mine ? 'true' : undefined} data-testid="leader" data-player={leader.id}>
      <b>{name}</b>
      {mine && <> {t('profile:you')}</>} · {t('profile:leaderRow', { rating: leader.rating, count: leader.ratedGames })}
      {leader.provisional && <> · {t('profile:provisional')}</>}
      {canChallenge && !mine && leader.kind !== 'computer' && <ChallengeButton to={leader.id} name={leader.name} />}
    </li>
  );
}

/**
 * The leaderboard, a page at a time: settled people and the computer levels, provisional players
 * too when asked, or the bots, kept apart (docs/online.md, Bots known as bots); each change starts
 * the pages again.
 */
function LeaderboardView({ mine }: { mine: string | null }) {
  const [provisional, setProvisional] = useState(false);
  const [bots, setBots] = useState(false);
  const fieldId = useId();
  return (
    <>
      <p className="note">{t('profile:leadersNote')}</p>
      <div className="row">
        <input id={fieldId} type="checkbox" checked={provisional} onChange={(e) => setProvisional(e.currentTarget.checked)} data-testid="leaders-provisional" />
        <label htmlFor={fieldId}>{t('profile:showProvisional')}</label>
        <button type="button" className="btn" aria-pressed={bots} onClick={() => setBots((b) => !b)} data-testid="leaders-bots">
          {t(bots ? 'profile:showPeople' : 'profile:showBots')}
        </button>
      </div>
      <Leaders key={`${provisional} ${bots}`} provisional={provisional} bots={bots} mine={mine} />
    </>
  );
}

function Leaders({ provisional, bots, mine }: { provisional: boolean; bots: boolean; mine: string | null }) {
  const pages = useCursors();
  const cursor = pages.cursor;
  const ask = useCallback(() => fetchLeaderboard(onlineEndpoint(), cursor, { provisional, kind: bots ? 'bot' : undefined }), [cursor, provisional, bots]);
  const [asked, retry] = useAsked(ask);
  return (
    <Answer asked={asked} retry={retry}>
      {(page) =>
        page.items.length === 0 && pages.index === 0 ? (
          <p className="note">{t(bots ? 'profile:noBots' : 'profile:noLeaders')}</p>
        ) : (
          <>
            <ol className="profile-list leaders" start={pages.index * PAGE_SIZE + 1} data-testid="leaderboard">
              {page.items.map((leader, i) => (
                <LeaderRow key={leader.id} leader={leader} place={pages.index * PAGE_SIZE + i + 1} mine={leader.id === mine} canChallenge={mine !== null} />
              ))}
            </ol>
            <Pager page={page} pages={pages} />
          </>
        )
      }
    </Answer>
  );
}

/** The public id of the page's player; null while it has none (or it is being worked out). */
function useMyId(): string | null {
  const [mine, setMine] = useState<string | null>(null);
  useEffect(() => {
    const key = storedPlayerKey(pageStorage());
    let live = true;
    if (key) void playerIdOfKey(key).then((id) => live && setMine(id));
    return () => {
      live = false;
    };
  }, []);
  return mine;
}

/** Your profile or the leaderboard, each with a button to the other. */
function PlayerDialog({ view }: { view: 'profile' | 'leaderboard' }) {
  useState(() => returnFocus(useProfile.getState().opener));
  const mine = useMyId();
  const other = view === 'profile' ? 'leaderboard' : 'profile';
  const switchTo = (
    <button type="button" className="btn" onClick={() => openProfile(other, useProfile.getState().opener)} data-testid={`open-${other}`}>
      {t(other === 'profile' ? 'profile:yourProfile' : 'profile:leaderboard')}
    </button>
  );
  return (
    <ModalDialog title={t(view === 'profile' ? 'profile:yourProfile' : 'profile:leaderboard')} onClose={closeProfile} actions={switchTo} className="player-dialog" testId={`${view}-dialog`}>
      {mine && <ChallengeList id={mine} />}
      {view === 'profile' ? <ProfileView key="profile" /> : <LeaderboardView key="leaderboard" mine={mine} />}
    </ModalDialog>
  );
}

/**
 * A link from another device: take its player in place of this device's, or keep this one; the
 * link's player named with its rating as the server knows it. The link leaves the address bar either way.
 */
function AdoptPlayer({ offeredKey }: { offeredKey: string }) {
  const [hasPlayer] = useState(() => storedPlayerKey(pageStorage()) !== null);
  const answer = (take: boolean) => {
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    offerPlayerKey(null);
    if (!take) return;
    const kept = adoptPlayerKey(pageStorage(), offeredKey);
    useSession.getState().showNotice(t(kept ? 'profile:adopt.done' : 'profile:adopt.failed'), kept ? undefined : 'refusal');
    // The player's id too, so that the next visit asks at once whether the player holds a seat somewhere (ReturnToGame).
    if (kept) void playerIdOfKey(offeredKey).then((id) => rememberPlayerId(pageStorage(), id));
  };
  return (
    <ModalDialog
      title={t('profile:adopt.title')}
      onClose={() => answer(false)}
      closeText={t('profile:adopt.no')}
      primary={
        <button type="button" className="btn primary" onClick={() => answer(true)} data-testid="adopt-yes">
          {t('profile:adopt.yes')}
        </button>
      }
      testId="adopt-dialog"
    >
      <p>{t('profile:adopt.text')}</p>
      <p className="adopt-player">
        {t('profile:adopt.theirs')}:{' '}
        <span data-testid="adopt-theirs">
          <WhosePlayer playerKey={offeredKey} />
        </span>
      </p>
      {!hasPlayer && <p className="note">{t('profile:adopt.noKey')}</p>}
    </ModalDialog>
  );
}

/** Whose player a key is, as the server knows it: name and rating, or that it knows none yet. */
function WhosePlayer({ playerKey }: { playerKey: string }) {
  const ask = useCallback(async () => fetchProfile(onlineEndpoint(), await playerIdOfKey(playerKey)), [playerKey]);
  const [asked] = useAsked(ask);
  if (asked.status === 'loading') return <span role="status">{t('profile:loading')}</span>;
  if (asked.status === 'failed') return <span>{t('profile:adopt.lookupFailed', { reason: asked.reason })}</span>;
  const profile = asked.value;
  if (!profile) return <span>{t('profile:adopt.unknown')}</span>;
  const rating = profile.rating === null ? t('profile:unrated') : t(profile.provisional ? 'profile:ratingProvisional' : 'profile:rating', { rating: profile.rating });
  return (
    <span>
      <b>{profile.name}</b> · {rating}
    </span>
  );
}

export function PlayerDialogs() {
  const { view, offeredKey } = useProfile();
  if (offeredKey) return <AdoptPlayer offeredKey={offeredKey} />;
  return view ? <PlayerDialog view={view} /> : null;
}
