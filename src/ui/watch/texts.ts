/** The watching controls' texts: the watch namespace of the language files. */
import { fixedTexts, levelName, t } from '../../i18n/index';

export const watchTexts = fixedTexts(
  'watch',
  [
    'pause', 'resume', 'pauseTip', 'resumeTip', 'step', 'stepTip', 'paused', 'takeOver', 'handBack', 'cancelCountdown', 'cancelCountdownTip',
    'evaluation', 'evaluationTip', 'hide', 'show', 'hideTip', 'estimating', 'graph', 'soundOn', 'soundOff', 'muteTip', 'unmuteTip', 'volume',
    'cinematic', 'cinematicTip', 'demoBanner', 'demoControls',
  ] as const,
  {
    takeOverTip: (name: string) => t('watch:takeOverTip', { name }),
    handBackTip: (level: string) => t('watch:handBackTip', { level: levelName(level) }),
    takenOver: (level: string) => t('watch:takenOver', { level: levelName(level) }),
    countdown: (seconds: number) => t('watch:countdown', { count: seconds }),
    balls: (pct: number) => t('watch:balls', { pct }),
    win: (pct: number) => t('watch:win', { pct }),
    swing: (move: number, who: string, change: number) => t('watch:swing', { move, who, change }),
  },
);
