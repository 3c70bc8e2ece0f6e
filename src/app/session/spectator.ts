/**
 * The spectator's controls of computer seats: pause them (Space; humans may still move), let
 * one move through (N), and take a computer's seat over or hand it back. The next round's
 * countdown is watch/roundCountdown.ts; which games are watched, watch/watched.ts.
 */
import { t } from '../../i18n/index';
import { playerName } from '../../i18n/playerNames';
import type { SessionState, SessionStore, Words, WritableTable } from './sessionTypes';

export interface Spectator extends Pick<SessionState, 'setSpectatorPaused' | 'step' | 'takeOver'> {
  /** Whether computer seats must wait now (paused, and no step asked for). */
  holdsComputers(): boolean;
  /** A move was played: a step asked for is used up. */
  moved(): void;
}

export interface SpectatorHost {
  /** The hold on the computer seats changed: the turn flow drops or asks the computer to move. */
  computersHeld(): void;
  /** A seat was taken over or handed back (the match's player changed): the seats are shown again, and the turn flow hears who holds the seat. */
  seatingChanged(): void;
  notice(text: Words, kind: 'refusal'): void;
}

/** Take-over refusals, in the watch namespace of the language files (seats counted from 1). */
export const spectatorTexts = {
  noSeat: (seat: number) => t('watch:takeOverNoSeat', { seat }),
  neverComputer: (seat: number, name: string) => t('watch:takeOverNeverComputer', { seat, name: playerName(name) }),
};

export function createSpectator(store: SessionStore<'spectatorPaused' | 'pendingDouble'>, table: Pick<WritableTable, 'reseat'>, host: SpectatorHost): Spectator {
  const { get, set } = store;
  /** One computer move allowed while paused (step). */
  let stepping = false;

  return {
    holdsComputers: () => get().spectatorPaused && !stepping,

    moved() {
      stepping = false;
    },

    setSpectatorPaused(paused) {
      if (get().spectatorPaused === paused) return;
      stepping = false;
      set({ spectatorPaused: paused });
      // Paused, a move being thought about is dropped (the board stays as it is); running, the computer to move is asked.
      host.computersHeld();
    },

    step() {
      // Running: the move being thought about is the step. Paused: ask for one.
      stepping = true;
      set({ spectatorPaused: true });
      host.computersHeld();
    },

    takeOver(index, human) {
      const seat = get().seats[index];
      if (!seat) return host.notice(() => spectatorTexts.noSeat(index + 1), 'refusal');
      if (!seat.level) return host.notice(() => spectatorTexts.neverComputer(index + 1, seat.name), 'refusal');
      if ((seat.kind === 'human') === human) return;
      // The match flow's player changes, so the take-over lasts through the next rounds until handed back.
      table.reseat(seat.player, { kind: human ? 'human' : 'computer', level: seat.level, name: seat.name });
      set({ pendingDouble: null });
      host.seatingChanged();
    },
  };
}
