/**
 * The room's match: the MatchFlow's host (the room's clock, the computer pool, TV's pace) and its
 * publication: each flow event becomes the clients' messages, and the flow's snapshot is copied
 * into the synchronised state (state.ts). The room decides nothing of the match here.
 */
import type { MatchEvent, MatchFlowHost } from '../../flow/matchFlow';
import { FALLBACK_LEVEL, fallbackMove } from '../../ai/computerFallback';
import { resultState } from './state';
import { atPace } from './tvPace';
import { faultText, type RoomCore, TV_ROUNDS_KEPT } from './core';
import { publishSeats, publishTurn } from './publish';
import { passHost, releaseIfDeserted, tellWho } from './presence';
import { finishRound } from './records';

/** What the room's match flow is given: the room's clock, the computer pool (TV's at its pace), the grace, TV's pause between rounds. */
export function matchHost(room: RoomCore): MatchFlowHost {
  const tv = room.table?.kind === 'tv';
  /** Computer levels whose searches failed in this room (each told once): they play at FALLBACK_LEVEL. */
  const failedLevels = new Set<string>();
  return {
    clock: { now: () => Date.now(), setTimeout: (run, ms) => room.clock.setTimeout(run, ms) },
    // TV asks at once and plays each answer at its pace; other rooms pause before asking.
    computerDelayMs: tv ? 0 : room.config.computerDelayMs,
    askComputer: (game, level, wanted) => {
      const answer = room.config.pool.choose([...game.events], level, { room: room.roomId, owner: room.owner ?? room.roomId, wanted, background: tv });
      return tv ? atPace(answer, room.config.tvMoveMs, room.clock) : answer;
    },
    fallbackMove,
    graceMs: room.config.graceSeconds * 1000,
    // TV plays on for as long as anyone watches (a watcher arriving later starts it again), keeping its last rounds only.
    nextRoundPauseMs: tv ? room.config.tvPauseMs : undefined,
    mayPlayOn: () => room.clients.length > 0 && !room.closesAt && !room.faulted,
    keptResults: tv ? TV_ROUNDS_KEPT : undefined,
    event: (e) => published(room, e, failedLevels),
    fault: (e) => room.fault('computer move', e),
  };
}

function published(room: RoomCore, e: MatchEvent, failedLevels: Set<string>): void {
  const { flow, state: s } = room;
  switch (e.type) {
    case 'roundStarted': {
      const game = flow.game!;
      s.round = e.round;
      s.seed = game.setup.seed;
      s.throws.clear();
      s.throws.push(...game.state.throws);
      s.moves.clear();
      publishSeats(room);
      // Each client's colour this round, then the round's log once (welcome would send it again).
      for (const client of room.clients) tellWho(room, client);
      room.broadcast('events', { round: e.round, from: 0, events: [...game.events] });
      return publishTurn(room);
    }
    case 'moved':
      for (const m of flow.game!.state.moves.slice(s.moves.length)) s.moves.push(m.squares.join('+'));
      room.broadcast('events', { round: e.round, from: e.from, events: e.events });
      return publishTurn(room);
    case 'roundOver':
      s.results.push(resultState(e.result));
      if (room.table?.kind === 'tv') while (s.results.length > TV_ROUNDS_KEPT) s.results.shift();
      publishSeats(room);
      room.saving = finishRound(room).catch((error: unknown) => room.fault('finishRound', error));
      return;
    case 'graceOver':
      if (flow.phase === 'waiting') {
        // Nobody plays yet: the seat is free again for someone else.
        room.people[e.player].reconnection?.reject(new Error('the grace period is over'));
        return;
      }
      // A host away past the grace hands the role on, so the others can start the next round.
      if (room.people[e.player].sessionId === room.hostSession) passHost(room);
      publishSeats(room);
      return releaseIfDeserted(room);
    case 'resigned':
      room.broadcast('resigned', { colour: e.colour, name: flow.player(e.player).name });
      return;
    case 'computerFailed':
      // A level that cannot search is told once (a log line, every client's `computerFallback`); its seats play at the fallback level.
      if (failedLevels.has(e.level)) return;
      failedLevels.add(e.level);
      console.error(`rolit room ${room.roomId}: the ${e.level} computer cannot search (${faultText(e.error)}); its seats play at ${FALLBACK_LEVEL}`);
      if (e.colour) room.broadcast('computerFallback', { colour: e.colour, level: e.level, fallback: FALLBACK_LEVEL });
      return;
    case 'timedOut':
      // The clients see the time-out in the round's events (`timeExpired`).
      return;
    default:
      return publishSeats(room);
  }
}
