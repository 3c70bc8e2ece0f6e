/** What the polite live region says next: one store, so the board, the shortcuts and the round's changes all speak in one place. */
import { create } from 'zustand';

export interface Announcer {
  text: string;
  /** Grows with every announcement, so the same words said twice are read again. */
  id: number;
  say(text: string): void;
}

export const useAnnouncer = create<Announcer>((set, get) => ({
  text: '',
  id: 0,
  say: (text) => set({ text, id: get().id + 1 }),
}));
