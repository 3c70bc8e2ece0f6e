/**
 * The page's computer player: src/ai's AiClient, which thinks in a Web Worker (the page never
 * blocks) and falls back to a simpler level on the main thread if the worker fails: that level is
 * the stand-in the session hears of (onStandIn).
 */
import { AiClient, FALLBACK_LEVEL } from '../../ai/browser/client';
import { FALLBACK_LEVEL as FALLBACK_MOVE_LEVEL, fallbackMove } from '../../ai/computerFallback';
import type { ComputerPlayer } from './computer';

export function workerComputer(): ComputerPlayer {
  const listeners: ((standIn: string) => void)[] = [];
  // The client's notice is English, for the console; the page says it in its language (the session's standIn).
  const onNotice = (detail: string) => {
    console.warn(detail);
    listeners.forEach((l) => l(FALLBACK_LEVEL));
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
    fallback: { level: FALLBACK_MOVE_LEVEL, move: fallbackMove },
    onStandIn: (listener) => listeners.push(listener),
  };
}
