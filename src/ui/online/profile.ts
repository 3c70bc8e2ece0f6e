/**
 * Which of the player's dialogs is open (ProfileDialog.tsx, loaded when first opened): the profile
 * or the leaderboard, reached from the Play online dialog, and the question a link from another
 * device asks before its player key replaces this device's (`#player=KEY`, main.tsx).
 * `opener` is the control the focus goes back to.
 */
import { create } from 'zustand';

export type ProfileView = 'profile' | 'leaderboard';

export const useProfile = create<{ view: ProfileView | null; opener: HTMLElement | null; offeredKey: string | null }>(() => ({ view: null, opener: null, offeredKey: null }));

export function openProfile(view: ProfileView, opener: HTMLElement | null): void {
  useProfile.setState({ view, opener });
}

export function closeProfile(): void {
  useProfile.setState({ view: null, opener: null });
}

/** A link from another device carries a player key: the page asks before taking it. */
export function offerPlayerKey(key: string | null): void {
  useProfile.setState({ offeredKey: key });
}
