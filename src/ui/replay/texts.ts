/** The words of the replay, open, share, clip, history and save-notice components: the replay namespace of the language files. */
import { colourCounts, coloursName, fixedTexts, levelName, t } from '../../i18n/index';
import { playerName } from '../../i18n/playerNames';
import { HISTORY_CAP } from '../../app/persistence/history';

const k = (key: string, options?: Record<string, unknown>) => t(`replay:${key}`, options);

export const texts = fixedTexts('replay', [
    'open', 'openTitle', 'openHeading', 'pasteLabel', 'fileLabel', 'dropHint', 'openButton', 'cancel', 'emptyPaste',
    'share', 'shareTitle', 'shareHeading', 'linkLabel', 'makingLink', 'copyLink', 'copied', 'copyFailed', 'download',
    'replayLabel', 'start', 'back', 'forward', 'end', 'startTitle', 'backTitle', 'forwardTitle', 'endTitle', 'leave', 'leaveTitle', 'scrubber',
    'variations', 'movesLabel', 'recordLine', 'startPosition', 'downloadSave',
    'clip', 'clipTitle', 'clipHeading', 'clipFrom', 'clipTo', 'clipSpeed', 'clipSpeedLabel', 'clipRecord', 'clipUnsupported', 'clipNoCanvas',
    'history', 'historyTitle', 'historyHeading', 'historyEmpty', 'replayRound', 'delete', 'exportAll', 'importFile', 'ok', 'timedOut',
    'downloadGame', 'downloadRounds', 'exportHistory', 'importNotStored',
  ] as const, {
  fileProblem: (name: string, reason: string) => k('fileProblem', { name, reason }),
  /** A kept round's player: "Ann (Red + Green, Tactician)". */
  historyPlayer: (name: string, colours: readonly string[], level: string) =>
    k('historyPlayer', { name: playerName(name), colours: coloursName(colours), level: level === 'human' ? t('hud:human') : levelName(level) }),
  /** A kept round's result: "Red 20, Yellow 15". */
  historyResult: (balls: readonly { colour: string; balls: number }[]) => colourCounts(balls.map((b) => [b.colour, b.balls] as const)),
  unreadableFile: (name: string) => k('unreadableFile', { name }),
  linkLength: (n: number) => k('linkLength', { count: n }),
  position: (ply: number, total: number) => k('position', { ply, total }),
  lineName: (line: number) => (line === 0 ? k('recordLine') : k('variation', { line })),
  following: (name: string) => k('following', { line: `${name[0].toUpperCase()}${name.slice(1)}` }),
  movesHeading: (name: string) => k('movesHeading', { line: name }),
  variationFrom: (line: number, at: number) => k('variationFrom', { line, move: at + 1 }),
  clipNote: (ply: number) => k('clipNote', { ply }),
  clipRange: (total: number) => k('clipRange', { total }),
  clipProgress: (done: number, total: number) => k('clipProgress', { done, total }),
  roundKind: (size: number, variant: string, misere: boolean) => k(misere ? 'roundKindMisere' : 'roundKind', { size, variant: t(`dialogs:variant.${variant}`) }),
  deleteRound: (date: string) => k('deleteRound', { date }),
  /** What an import did: rounds added and skipped, then (when it happened) old rounds that left and storage refusing. */
  imported: (outcome: { added: number; skipped: number; dropped: number; stored: boolean }) =>
    [
      `${k('imported', { count: outcome.added })} ${k('skipped', { count: outcome.skipped })}`,
      outcome.dropped > 0 ? k('importDropped', { count: outcome.dropped, max: HISTORY_CAP }) : '',
      outcome.added > 0 && !outcome.stored ? k('importNotStored') : '',
    ].filter(Boolean).join(' '),
  importProgress: (done: number, total: number) => k('importProgress', { done, total }),
});

/** A file name for a record: rolit-<date>.rolit. */
export function recordFileName(date: Date): string {
  return `rolit-${date.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.rolit`;
}
