/**
 * The page's computer player: src/ai's AiClient, which thinks in a Web Worker (the page never
 * blocks) and falls back to a simpler level on the main thread if the worker fails, with a notice.
 */
import { AiClient, FALLBACK_LEVEL } from '../../ai/browser/client';
import type { ComputerPlayer } from './computer';
import { sessionTexts } from '../session/sessionTexts';

export function workerComputer(): ComputerPlayer {
  const listeners: ((text: string) => void)[] = [];
  // The client's notice is English, for the console; the player reads it in the page's language.
  const onNotice = (detail: string) => {
    console.warn(detail);
    listeners.forEach((l) => l(sessionTexts.workerFallback(FALLBACK_LEVEL)));
  };
  const client = new AiClient({ onNotice });
  return {
    think({ game, level, movetime }) {
      const result = client.requestMove(game, { level, movetime }).then((r) => {
        if (!r) throw new Error('thinking was cancelled');
        return r.name;
      });
      return { result, moveNow: () => client.moveNow(), cancel: () => client.cancel() };
    },
    onNotice: (listener) => listeners.push(listener),
  };
}
