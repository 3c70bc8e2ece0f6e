/** The English words of replay, saves and sharing, in one place for a later translation. */
import type { UnreadableSave } from './persistence/currentGame';

export const replayTexts = {
  saveRefused: 'This game cannot be saved (browser storage is full or blocked): it goes on, but a reload will lose it.',
  unreadableSave: (bad: UnreadableSave) => `The saved game could not be resumed (${bad.reason}); a new game has started. The saved data can be downloaded below.`,
  unreadableHistory: (reason: string) => `The history of finished rounds could not be read (${reason}); it starts empty. The stored data can be downloaded below.`,
  badRecord: (reason: string) => `This record cannot be opened: ${reason}. Nothing was changed.`,
  badLink: (reason: string) => `This link cannot be opened: ${reason}. Nothing was changed.`,
  continueOutsideReplay: 'Continuing with chosen seats is for a replay.',
  continueRoundOver: 'The round is over here: step back to play on from an earlier move.',
  continueSeatCount: (given: number, seats: number) => `${given} players were chosen for ${seats} seats.`,
  continueUnknownLevel: (level: string, levels: readonly string[]) => `"${level}" is not a computer level (${levels.join(', ')}).`,
  noNextRound: 'A replay has one round: start a new game to play on.',
};
