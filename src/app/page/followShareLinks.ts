/**
 * Share links opened on the page: the address's fragment when the page starts, and a link pasted
 * into the address bar of the page already open (only the fragment changes: the browser does not
 * reload, it fires `hashchange`). The record opens in replay and the fragment is dropped from the
 * address bar, so a reload resumes the game instead of opening the link again. A bad link: a
 * notice with the reason, nothing else changes. Of links opened quickly one after another, the
 * last one wins (their decoding is asynchronous).
 */
import type { StoreApi } from 'zustand/vanilla';
import { errorText } from '../../i18n/engineReasons';
import { replayTexts } from '../replay/replayTexts';
import type { SessionState } from '../session/session';
import { carriesRecord, linkPosition, recordFromFragment } from '../replay/shareLink';

/** What of the window this needs (the page's `window`; a fake in tests). */
export interface LinkWindow {
  location: Pick<Location, 'hash' | 'search' | 'pathname'>;
  history: Pick<History, 'replaceState' | 'state'>;
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

/** Opens the address's share link now and any pasted later; returns the stop function. */
export function followShareLinks(session: StoreApi<SessionState>, page: LinkWindow): () => void {
  let latest = 0;
  const follow = () => {
    const { hash, search, pathname } = page.location;
    if (!carriesRecord(hash)) return;
    const ticket = ++latest;
    page.history.replaceState(page.history.state, '', `${pathname}${search}`);
    recordFromFragment(hash).then(
      (record) => ticket === latest && void session.getState().openRecord(record, { ply: linkPosition(hash) }),
      (e: unknown) => ticket === latest && session.getState().showNotice(replayTexts.badLink(errorText(e)), 'refusal'),
    );
  };
  follow();
  page.addEventListener('hashchange', follow);
  return () => page.removeEventListener('hashchange', follow);
}
