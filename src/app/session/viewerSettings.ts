/** The viewer's settings as session actions: applied at once and stored for the next visit. */
import type { SessionDeps, SessionState, SessionStore } from './sessionTypes';
import { type AppSettings, saveSettings } from '../setup/settings';
import type { MatchOptions } from '../../engine/index';

export interface ViewerSettings extends Pick<SessionState, 'setSpeed' | 'setSocketDots' | 'setCoordinates' | 'rulesSeen'> {
  /** A new game was chosen: its options are the next first game's, take-backs and time limit included. */
  newGameChosen(options: MatchOptions): void;
}

export function createViewerSettings(deps: Pick<SessionDeps, 'storage'>, store: SessionStore<'settings'>): ViewerSettings {
  const { get, set } = store;
  const keep = (settings: AppSettings) => {
    saveSettings(deps.storage ?? null, settings);
    set({ settings });
  };
  return {
    newGameChosen(options) {
      keep({
        ...get().settings,
        takeBacks: options.takeBacks,
        moveTimeLimit: options.moveTimeLimit,
        newGame: { players: options.players, size: options.size, variant: options.variant, misere: options.misere },
      });
    },
    setSpeed: (speed) => keep({ ...get().settings, speed }),
    setSocketDots: (on) => keep({ ...get().settings, socketDots: on }),
    setCoordinates: (on) => keep({ ...get().settings, coordinates: on }),
    rulesSeen() {
      if (!get().settings.rulesSeen) keep({ ...get().settings, rulesSeen: true });
    },
  };
}
