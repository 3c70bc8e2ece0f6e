/**
 * Challenges in the player's dialogs (ProfileDialog.tsx, its chunk): the challenges to and from
 * the page's player that wait, each with Accept and Decline (to them) or Withdraw (theirs), what
 * became of the last one, and the Challenge button of the leaderboard's rows. An accepted
 * challenge takes the page to its table (src/app/online/challenges.ts follows the player's events
 * while a dialog is open, or one of theirs waits).
 */
import { useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import { type Challenge, type Challenges, createChallenges } from '../../app/online/challenges';
import { onlineEndpoint, onlineName, useOnline } from '../../app/online/pageOnline';
import { playerIdOfKey, storedPlayerKey } from '../../app/online/playerKey';
import { pageStorage } from '../../app/page/pageStorage';
import { errorText } from '../../i18n/engineReasons';
import { t } from '../../i18n/index';
import { closeProfile } from './profile';

let current: Challenges | null = null;
/** The names of the players this page challenged, by id (a challenge names its challenger only). */
const names = new Map<string, string>();

function pageChallenges(): Challenges {
  current ??= createChallenges({
    endpoint: onlineEndpoint(),
    key: () => storedPlayerKey(pageStorage()),
    id: async () => {
      const key = storedPlayerKey(pageStorage());
      return key ? playerIdOfKey(key) : null;
    },
    gameStart: (room) => {
      closeProfile();
      void useOnline.getState().open(room, onlineName(pageStorage()));
    },
  });
  return current;
}

/** The other player of a challenge, by name. */
function otherName(challenge: Challenge, mine: boolean): string {
  return mine ? (names.get(challenge.to) ?? t('profile:challenge.somebody')) : challenge.options.name;
}

/** The page's player's challenges while the dialog is open: those that wait, with their answers, and what became of the last. */
export function ChallengeList({ id }: { id: string | null }) {
  const challenges = pageChallenges();
  useEffect(() => challenges.watch(), [challenges]);
  const { waiting, outcome } = useStore(challenges.store);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const answer = (challenge: Challenge, reply: 'accept' | 'decline' | 'cancel') => {
    setProblem(null);
    challenges.answer(challenge.id, reply).catch((e: unknown) => setProblem(t('profile:challenge.failed', { reason: errorText(e) })));
  };
  if (waiting.length === 0 && !outcome && !problem) return null;
  return (
    <section aria-labelledby={headingId} data-testid="challenges">
      <h3 id={headingId}>{t('profile:challenge.title')}</h3>
      <ul className="profile-list">
        {waiting.map((challenge) => {
          const mine = challenge.from === id;
          const name = otherName(challenge, mine);
          return (
            <li key={challenge.id} className="row" data-testid="challenge" data-challenge={challenge.id}>
              <span>{mine ? t('profile:challenge.outgoing', { name }) : t('profile:challenge.incoming', { name, size: challenge.options.size ?? 8 })}</span>
              {mine ? (
                <button type="button" className="btn" onClick={() => answer(challenge, 'cancel')} data-testid="challenge-cancel">
                  {t('profile:challenge.cancel')}
                </button>
              ) : (
                <>
                  <button type="button" className="btn primary" onClick={() => answer(challenge, 'accept')} data-testid="challenge-accept">
                    {t('profile:challenge.accept')}
                  </button>
                  <button type="button" className="btn" onClick={() => answer(challenge, 'decline')} data-testid="challenge-decline">
                    {t('profile:challenge.decline')}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {outcome && (
        <p className="note" role="status" data-testid="challenge-outcome">
          {t(`profile:challenge.${outcome.kind}`, { name: otherName(outcome.challenge, outcome.challenge.from === id) })}
        </p>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** A leaderboard row's Challenge button (another person or bot, from a page with a player). */
export function ChallengeButton({ to, name }: { to: string; name: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { failed: string }>('idle');
  const send = () => {
    setState('sending');
    names.set(to, name);
    pageChallenges()
      .send(to, onlineName(pageStorage()))
      .then(
        () => setState('sent'),
        (e: unknown) => setState({ failed: t('profile:challenge.failed', { reason: errorText(e) }) }),
      );
  };
  return (
    <>
      {' '}
      <button type="button" className="btn" disabled={state === 'sending' || state === 'sent'} aria-label={t(state === 'sent' ? 'profile:challenge.sentTo' : 'profile:challenge.sendTo', { name })} onClick={send} data-testid="challenge-send">
        {state === 'sent' ? t('profile:challenge.sent') : t('profile:challenge.send')}
      </button>
      {typeof state === 'object' && (
        <span className="error" role="alert">
          {' '}
          {state.failed}
        </span>
      )}
    </>
  );
}
