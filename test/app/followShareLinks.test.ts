/** Share links at the start and pasted into the address bar of the open page (hashchange). */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer/computer';
import { followShareLinks, type LinkWindow } from '../../src/app/page/followShareLinks';
import { createSession } from '../../src/app/session/session';
import { recordFragment } from '../../src/app/replay/shareLink';

const nobody: ComputerPlayer = { think: () => ({ result: new Promise(() => undefined), moveNow: () => undefined, cancel: () => undefined }) };
const FOUR = readFileSync('test/fixtures/records/four-players.rolit', 'utf8');
const TEAM = readFileSync('test/fixtures/records/team.rolit', 'utf8');

/** A window whose address the test sets; `paste` changes only the fragment, as the address bar does. */
function fakeWindow(hash = '') {
  const listeners = new Set<() => void>();
  const page: LinkWindow & { addresses: string[]; paste(hash: string): void } = {
    location: { hash, search: '?speed=2', pathname: '/' },
    history: { state: null, replaceState: (_s, _t, url) => void (page.addresses.push(String(url)), (page.location.hash = '')) },
    addEventListener: (_type, l) => void listeners.add(l),
    removeEventListener: (_type, l) => void listeners.delete(l),
    addresses: [],
    paste(next) {
      page.location.hash = next;
      for (const l of listeners) l();
    },
  };
  return page;
}

const liveSession = () => {
  const session = createSession({ computer: nobody, levels: ['master'], defaultLevel: 'master', storage: null }, { search: '?seats=human,human&seed=4' });
  session.getState().clickSquare(session.getState().snapshot.legalMoves[0]);
  return session;
};
/** The tags that tell rounds apart. */
const setupOf = (record: string) => record.match(/\[(Size|Colours|Variant|Seed) "[^"]*"\]/g);

describe('share links on the page', () => {
  it('the address\'s link opens in replay and leaves the address bar', async () => {
    const session = liveSession();
    const page = fakeWindow(`#${await recordFragment(FOUR)}`);
    const stop = followShareLinks(session, page);
    expect(page.addresses).toEqual(['/?speed=2']);
    await vi.waitFor(() => expect(session.getState().replay).not.toBeNull());
    expect(setupOf(session.getState().snapshot.record)).toEqual(setupOf(FOUR));
    stop();
    session.getState().dispose();
  });

  it('a link pasted into the open page opens too; a bad one is refused with the reason and changes nothing', async () => {
    const session = liveSession();
    const page = fakeWindow();
    const stop = followShareLinks(session, page);
    const live = session.getState().snapshot;
    page.paste('#record=1.abc$def');
    await vi.waitFor(() => expect(session.getState().message?.text).toMatch(/This link cannot be opened: the link's data has "\$" at character 4/));
    expect(session.getState().snapshot).toBe(live);
    expect(session.getState().replay).toBeNull();
    page.paste('#somewhere'); // not a share link: left alone
    expect(page.addresses).toEqual(['/?speed=2']);
    page.paste(`#${await recordFragment(TEAM)}`);
    await vi.waitFor(() => expect(session.getState().replay).not.toBeNull());
    expect(setupOf(session.getState().snapshot.record)).toEqual(setupOf(TEAM));
    stop();
    session.getState().dispose();
  });

  it('of two links pasted one after the other, only the last one counts', async () => {
    const session = liveSession();
    const page = fakeWindow();
    const stop = followShareLinks(session, page);
    const live = session.getState().snapshot;
    page.paste(`#${await recordFragment(FOUR)}`);
    page.paste('#record=2.abc');
    await vi.waitFor(() => expect(session.getState().message?.text).toMatch(/format version "2"/));
    await new Promise((r) => setTimeout(r, 100)); // the first link's decoding is over too
    expect(session.getState().replay).toBeNull();
    expect(session.getState().snapshot).toBe(live);
    stop();
    session.getState().dispose();
  });
});

describe('a share link made during a replay', () => {
  it('carries the whole game and the position viewed, and opens there; an older link opens at the end', async () => {
    const { lineRecord } = await import('../../src/app/replay/replay');
    const { shareLink } = await import('../../src/app/replay/shareLink');
    const sharer = liveSession();
    sharer.getState().openRecord(FOUR, { ply: 5 });
    const { replay, seats } = sharer.getState();
    const whole = lineRecord(replay!, seats);
    expect(whole.match(/^\d+\. /gm)).toHaveLength(60); // every move, not the 5 on the board
    const link = await shareLink('http://host/', whole, sharer.getState().snapshot.state.moves.length);
    expect(link).toMatch(/&at=5$/);

    const friend = liveSession();
    followShareLinks(friend, fakeWindow(link.slice(link.indexOf('#'))));
    await vi.waitFor(() => expect(friend.getState().replay).not.toBeNull());
    expect(friend.getState().snapshot.state.moves).toHaveLength(5);
    expect(friend.getState().replay!.lines[0]).toHaveLength(60);
    expect(friend.getState().seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cleo', 'Dev']);

    const older = liveSession();
    followShareLinks(older, fakeWindow(`#${await recordFragment(FOUR)}`));
    await vi.waitFor(() => expect(older.getState().replay).not.toBeNull());
    expect(older.getState().snapshot.state.moves).toHaveLength(60);
    for (const s of [sharer, friend, older]) s.getState().dispose();
  });
});
