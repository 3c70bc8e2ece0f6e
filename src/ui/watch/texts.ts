/** Every English text of the watching controls, in one place for translation. */
export const watchTexts = {
  pause: 'Pause',
  resume: 'Resume',
  pauseTip: 'Pause the computer players (Space)',
  resumeTip: 'Let the computer players play on (Space)',
  step: 'Step',
  stepTip: 'Play one computer move, then pause (N)',
  paused: 'paused',
  takeOver: 'Take over',
  takeOverTip: (name: string) => `Play ${name}'s turns yourself from its next turn`,
  handBack: 'Hand back',
  handBackTip: (level: string) => `Give the seat back to the computer (${level})`,
  takenOver: (level: string) => `you, for computer · ${level}`,
  countdown: (seconds: number) => `Next round in ${seconds} s`,
  cancelCountdown: 'Stay',
  cancelCountdownTip: 'Stop the countdown and keep this round on screen',
} as const;
