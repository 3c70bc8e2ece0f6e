/**
 * The status line: whose turn, the hover preview, the last caption, the clock, thinking, the
 * round's end (while the board counts its balls, that they are being counted; then the result) and
 * messages.
 */
import { useSession } from '../../app/page/pageSession';
import { captionOf } from '../../app/session/shownRound';
import { useCaptions } from '../watch/useCaptions';
import { seatOfColour } from '../../engine/index';
import { colourName, listOf, t } from '../../i18n/index';
import { personContext, playerName } from '../../i18n/playerNames';
import { reducedMotionOn, useAccess } from '../../app/setup/accessPrefs';
import { roundEndTexts } from '../roundEnd/texts';
import { useRoundCount } from '../roundEnd/useRoundCount';
import { hudTexts } from './hudTexts';
import { useNow } from './useNow';
import { useEngineHelp } from '../engineHelp';
import { useRef } from 'react';
import { usePublishedEdge } from '../useToolbarHeight';

export function Status() {
  const result = useSession((s) => s.snapshot.result);
  const { toMove, moves, over, startThrow } = useSession((s) => s.shown);
  const paused = useSession((s) => s.paused);
  const preview = useSession((s) => s.preview);
  const tapped = useSession((s) => s.tapped);
  const seats = useSession((s) => s.seats);
  const thinking = useSession((s) => s.thinking);
  const clock = useSession((s) => s.clock);
  const message = useSession((s) => s.message);
  const moveNow = useSession((s) => s.moveNow);
  const suggest = useSession((s) => s.suggest);
  const help = useEngineHelp();
  // Online, the colours this page plays (none for a spectator): "Your turn" and Suggest are for them.
  const mine = useSession((s) => s.ownColours);
  const nextRound = useSession((s) => s.nextRound);
  // Online, the next round is the host's rematch (the room's bar and the round-over panel); a replay has no next round.
  const nextRoundHere = useSession((s) => s.nextRoundBy === 'here');
  const stillBall = useAccess(reducedMotionOn);
  // The board's count at the round's end plays before the shown round is over (its last event is the count's).
  const count = useRoundCount();
  const counting = count?.phase === 'counting';
  const ending = over || count !== null;
  const now = useNow(clock !== null || thinking !== null);
  const seat = toMove ? seats[seatOfColour(seats, toMove)] : undefined;
  const yours = toMove !== null && (mine ? mine.includes(toMove) : seat !== undefined && personContext(seat.name) !== undefined);
  const last = moves[moves.length - 1];
  const caption = useCaptions().moves.at(-1);
  const remaining = clock ? Math.max(0, Math.ceil((clock.deadline - now) / 1000)) : 0;
  const showsCaption = !preview && last && caption;
  // No bubble without words in it (between rounds, before the start throw).
  const winners = result?.winners.map((w) => seats[w]?.name ?? '') ?? [];
  const hasLine = Boolean(startThrow || toMove || preview || showsCaption || clock || thinking);
  // The line's height, for replay's controls standing above it (not the passing messages').
  const line = useRef<HTMLDivElement>(null);
  usePublishedEdge(line, '--status-height', 'height');
  return (
    <div className="status">
      {message && (
        <div key={message.id} className={`message ${message.kind}`} role={message.kind === 'refusal' ? 'alert' : 'status'} data-testid="message">
          {message.text}
        </div>
      )}
      {/* The line's slot keeps its height (hud.css) whatever it says or when empty: the camera frames the board clear of it. */}
      <div className="status-line" ref={line}>
      {ending && result && (
        <div className="bar panel" aria-live="polite" data-testid="round-status">
          {counting ? (
            <span>{roundEndTexts.counting}</span>
          ) : (
            <span>
              {t('hud:roundOverLead')} <b>{listOf(winners.map(playerName))}</b> {winners.length === 1 && personContext(winners[0]) ? t('hud:wins', { context: 'you' }) : t('hud:wins', { count: winners.length })}
            </span>
          )}
          {/* During the count a click skips to the result. */}
          {nextRoundHere && !count && (
            <button className="btn primary" onClick={nextRound}>
              {t('hud:nextRound')}
            </button>
          )}
        </div>
      )}
      {!ending && hasLine && (
        <div className="bar panel" aria-live="polite" data-testid="status-line">
          {startThrow && (
            <span className={startThrow.kind === 'starts' ? 'throw-caption' : 'throw-caption in-flight'} data-testid="throw-caption" aria-live="polite">
              {captionOf(startThrow, stillBall)}
            </span>
          )}
          {toMove && (
            <span data-testid="turn">
              <span className={`swatch ${toMove}`} style={{ verticalAlign: -2, marginRight: 6 }} />
              {yours ? (
                <b>{t('hud:toMove', { context: 'you', colour: colourName(toMove, true) })}</b>
              ) : (
                <>
                  {t('hud:toMoveLead')}<b>{seat ? playerName(seat.name) : colourName(toMove)}</b> {t('hud:toMove', { colour: colourName(toMove, true) })}
                </>
              )}
            </span>
          )}
          {/* A refused click is said once: by its message, not again by the refused socket's preview. */}
          {preview && !(message?.kind === 'refusal' && !preview.legal) && (
            <span data-testid="preview" className={preview.legal ? undefined : 'illegal'}>
              {preview.legal ? hudTexts.rolls(preview.square, preview.rolls.length) : preview.reason}
              {preview.legal && tapped && <b className="tap-again"> · {t('hud:tapAgain')}</b>}
            </span>
          )}
          {showsCaption && (
            <span className="caption" data-testid="caption">
              {caption.text}
            </span>
          )}
          {clock && (
            <span className={`clock${remaining <= 5 ? ' low' : ''}`} aria-label={t('hud:timeLeft')}>
              {paused ? hudTexts.paused : t('hud:secondsLeft', { count: remaining })}
            </span>
          )}
          {thinking && (
            <>
              <span data-testid="thinking">
                {t(thinking.purpose === 'suggestion' ? 'hud:findingSuggestion' : 'hud:thinking', { seconds: Math.max(0, now - thinking.since) / 1000 })}
              </span>
              <button className="btn" onClick={moveNow} title={thinking.purpose === 'suggestion' ? t('hud:nowTitle') : t('hud:moveNowTitle')}>
                {thinking.purpose === 'suggestion' ? t('hud:now') : t('hud:moveNow')}
              </button>
            </>
          )}
          {!thinking && seat?.kind === 'human' && (!mine || yours) && help && (
            <button className="btn" onClick={suggest} title={t('hud:suggestTitle')}>
              {t('hud:suggest')}
            </button>
          )}
        </div>
      )}
      </div>
    </div>
  );
}
