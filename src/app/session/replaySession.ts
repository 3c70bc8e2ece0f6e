/**
 * Replay in the session: open a record at its start, step and jump along its lines (a move
 * that leaves the line makes a variation, see replay.ts), and continue from any move with
 * computer seats. Review has every seat human, so any move may be tried. The replay is a round
 * source of its own over the live round (the session's openTable): leaving takes it off, and the
 * live round is shown as it stands, never read back from storage.
 */
import type { Game, PlayerSpec } from '../../engine/index';
import { coloursName } from '../../i18n/index';
import { gameAt, openReplay, playLineMove, type Replay } from '../replay/replay';
import { replayTexts } from '../replay/replayTexts';
import type { Notify, SessionDeps, SessionState, SessionStore, WritableTable } from './sessionTypes';
import { errorText } from '../../i18n/engineReasons';

export type ReplayActions = Pick<SessionState, 'openRecord' | 'reopenReplay' | 'replayStep' | 'replayGo' | 'replayContinue' | 'leaveReplay'>;

export interface ReplayHost {
  /** The replay's players changed (opened, back to review, continued): its seats are shown again. */
  seatingChanged(): void;
  /** The seats changed with no new move (back to review): the turn flow drops a computer question that no longer counts. */
  flowChanged(): void;
  /** The round changed: the session publishes it (and the replay follows the moves). */
  changed(): void;
  notice: Notify;
  /** Puts a replay's game on the table, as a round source over the live round (which waits as it stands; a replay open before closes): a one-round match of its own, played by `players`. */
  openTable(game: Game, players: readonly PlayerSpec[]): void;
  /** Takes the replay's round off the table (its match flow stops): the live round is shown again. */
  closeTable(): void;
}

export function createReplayActions(deps: Pick<SessionDeps, 'levels'>, store: SessionStore<'replay' | 'clock' | 'message' | 'pendingDouble' | 'jumps'>, table: WritableTable, host: ReplayHost): ReplayActions {
  const { get, set } = store;

  /** For review every seat is a person's (so any move may be tried), named as the record names them (Replay.players keeps who they were, computers' levels too). */
  function reviewPlayers(game: Game, replay = get().replay): PlayerSpec[] {
    return game.setup.players.map((colours, i) => ({ kind: 'human' as const, name: replay?.players?.[i]?.name ?? coloursName(colours) }));
  }

  /** The replay's match (one round) is played by `players`, one per seat; the seats shown follow through the host's seatingChanged. */
  function replayPlayers(players: readonly PlayerSpec[]): void {
    players.forEach((p, player) => table.reseat(player, { kind: p.kind, level: p.level ?? '', name: p.name }));
  }

  /** Back to review after playing on with computer seats: their thinking stops, every seat is human. */
  function review(): void {
    if (get().seats.every((s) => s.kind === 'human')) return;
    replayPlayers(reviewPlayers(table.game()));
    host.seatingChanged();
    host.flowChanged();
  }

  /** Puts `next` on the table in replay at once (all seats human, so any move may be tried from there); `jump`: another position of the replay open. */
  function showReplay(next: Game, replay: Replay, jump = false): void {
    // A jump: the replay's match flow goes on from `next`. Else a match of its own: the last one's clock and computer question stop.
    if (jump) {
      table.putGame(next);
      replayPlayers(reviewPlayers(next, replay));
    } else host.openTable(next, reviewPlayers(next, replay));
    set({ replay, clock: null, message: null, pendingDouble: null });
    host.seatingChanged();
    host.changed();
    // After the new log reached the director: it shows the position at once.
    set({ jumps: get().jumps + 1 });
  }

  function replayStep(delta: 1 | -1): void {
    const replay = get().replay;
    if (!replay) return;
    review();
    const game = table.game();
    const ply = game.state.moves.length;
    if (delta < 0) {
      if (ply === 0) return;
      // In review every seat is a person's and the replay untimed: its turn flow has nothing open.
      game.takeBack(true);
      set({ message: null, pendingDouble: null });
      host.changed();
      return;
    }
    const next = replay.lines[replay.line][ply];
    if (!next) return;
    playLineMove(game, next);
    set({ message: null, pendingDouble: null });
    host.changed();
  }

  return {
    openRecord(text, at = {}) {
      let replay: Replay;
      try {
        replay = openReplay(text);
        // Rounds kept before records named their players: the history's own list names them.
        if (!replay.players && at.players) replay = { ...replay, players: at.players };
      } catch (e) {
        const reason = replayTexts.badRecord(errorText(e));
        host.notice(reason, 'refusal');
        return reason;
      }
      const moves = replay.lines[0].length;
      showReplay(gameAt(replay, 0, Math.max(0, Math.min(at.ply ?? moves, moves))), replay);
      return null;
    },

    reopenReplay(replay, ply) {
      showReplay(gameAt(replay, replay.line, Math.max(0, Math.min(ply, replay.lines[replay.line].length))), replay);
    },

    replayStep,

    replayGo(line, ply) {
      const replay = get().replay;
      if (!replay || !replay.lines[line]) return;
      const target = Math.max(0, Math.min(ply, replay.lines[line].length));
      const here = table.game().state.moves.length;
      if (line === replay.line && Math.abs(target - here) === 1) return replayStep(target > here ? 1 : -1);
      if (line === replay.line && target === here) return;
      showReplay(gameAt(replay, line, target), { ...replay, line }, true);
    },

    replayContinue(players) {
      const game = table.game();
      if (!get().replay) return replayTexts.continueOutsideReplay;
      if (game.state.over) return replayTexts.continueRoundOver;
      if (players.length !== game.setup.players.length) return replayTexts.continueSeatCount(players.length, game.setup.players.length);
      const unknown = players.find((p) => p.kind === 'computer' && !deps.levels.includes(p.level ?? ''));
      if (unknown) return replayTexts.continueUnknownLevel(unknown.level ?? '', deps.levels);
      replayPlayers(players);
      set({ message: null, pendingDouble: null });
      host.seatingChanged();
      host.changed();
      return null;
    },

    leaveReplay() {
      if (!get().replay) return;
      set({ replay: null });
      // The board shows the live position at once, as after a reload.
      host.closeTable();
    },
  };
}
