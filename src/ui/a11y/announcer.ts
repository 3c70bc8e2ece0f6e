/**
 * What the polite live region says next: one store, so the board, the shortcuts and the round's
 * changes all speak in one place. The words are kept as how to say them, so the last announcement
 * is worded in the page's language after a switch (LiveRegion renders them).
 */
import { create } from 'zustand';
import type { Words } from '../../app/session/sessionTypes';

export interface Announcer {
  words: Words;
  /** Grows with every announcement, so the same words said twice are read again. */
  id: number;
  say(words: Words): void;
}

export const useAnnouncer = create<Announcer>((set, get) => ({
  words: '',
  id: 0,
  say: (words) => set({ words, id: get().id + 1 }),
}));

/** Words in the page's language now. */
export const worded = (words: Words): string => (typeof words === 'function' ? words() : words);
