/** The actions behind the shortcuts and the board-reading buttons: one place, used by both. */
import { engineHelpShown } from '../../app/session/remoteRound';
import { sessionTexts } from '../../app/session/sessionTexts';
import { cursorOn, useBoardCursor } from '../../app/session/boardCursor';
import { useSession } from '../../app/page/pageSession';
import { strongestMoveStore } from '../../app/analysis/strongestMove';
import type { Colour } from '../../engine/index';
import { useCamera } from '../../scene/cameraStore';
import { pageDirector } from '../../director/index';
import { useAnnouncer } from './announcer';
import { readBallsOf, readColumn, readLastMove, readLegalMoves, readRow, readScore, readTurn } from './reading';
import type { ShortcutId } from './shortcuts';
import { a11yTexts as t } from './texts';
import { engineHelpNow } from '../engineHelp';
import type { SessionState } from '../../app/session/session';

/** The cursor's square on the round's board now. */
export function cursorSquare(): string {
  const { snapshot, legalSquares } = useSession.getState();
  return cursorOn(snapshot.setup.size, useBoardCursor.getState().square, legalSquares);
}

/** Why a shortcut for engine help does nothing: the online host did not allow it, or it is switched off. */
function helpOffNotice(session: SessionState): string {
  return engineHelpShown(session) ? t.engineHelpOff : sessionTexts.noHelpOnline;
}

export function runCommand(id: ShortcutId, arg: { seat?: number; colour?: Colour } = {}): void {
  const session = useSession.getState();
  const snapshot = session.snapshot;
  const say = useAnnouncer.getState().say;
  switch (id) {
    case 'help':
      return; // opened by the key handler, which owns the overlay
    case 'undo':
      return session.undo();
    case 'suggest':
      return engineHelpNow() ? session.suggest() : session.showNotice(helpOffNotice(session), 'refusal');
    case 'hints':
      return session.setSocketDots(!session.settings.socketDots);
    case 'skip':
      return pageDirector().status.getState().skip();
    case 'step':
      if (session.seats.some((s) => s.kind === 'computer')) session.step();
      return;
    case 'views': {
      const seat = session.seats[arg.seat ?? 0];
      if (seat) useCamera.getState().setPreset(seat.colours[0]);
      return;
    }
    case 'topView':
      return useCamera.getState().setPreset('top');
    case 'readScore':
      return say(() => readScore(snapshot));
    case 'readTurn':
      return say(() => readTurn(snapshot));
    case 'readLast':
      return say(() => readLastMove(snapshot));
    case 'readLegal':
      return say(() => readLegalMoves(snapshot));
    case 'readRow': {
      const square = cursorSquare();
      return say(() => readRow(snapshot, square));
    }
    case 'readColumn': {
      const square = cursorSquare();
      return say(() => readColumn(snapshot, square));
    }
    case 'readBalls':
      return say(() => readBallsOf(snapshot, arg.colour ?? 'red'));
    case 'strongest':
      if (!engineHelpNow()) return session.showNotice(helpOffNotice(session), 'refusal');
      return strongestMoveStore()?.getState().ask();
  }
}

/** Escape on the board: drop a half-made Pro double, and say so. */
export function cancelDouble(): void {
  if (useSession.getState().cancelDouble()) useAnnouncer.getState().say(() => t.doubleCancelled);
}
