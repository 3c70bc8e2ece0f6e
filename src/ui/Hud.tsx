/** The DOM overlay over the board: seats, toolbar, move list, status line and messages. */
import { useEffect, useRef, useState } from 'react';
import type { Colour, Seat } from '../engine/index';
import { useSession } from '../app/page/pageSession';
import { SPEEDS } from '../app/setup/settings';
import { useDirector } from '../director/index';
import { captionOf } from '../app/session/shownRound';
import { CameraButtons } from './CameraButtons';
import { watchTexts } from './watch/texts';
import { EvaluationBar } from './watch/EvaluationBar';
import { SoundControls } from './watch/SoundControls';
import { TakeOverButton } from './watch/TakeOver';
import { useCaptions } from './watch/useCaptions';
import { WatchControls } from './watch/WatchControls';
import { DemoPause } from './watch/DemoPause';
import { WinChanceGraph } from './watch/WinChanceGraph';
import { HelpButton } from './a11y/HelpOverlay';
import { ResetViewButton } from './a11y/ResetView';
import { SymbolMark } from './a11y/SymbolMark';
import { RecordButtons } from './replay/RecordButtons';
import { useToolbarHeight } from './useToolbarHeight';
import { ReplayMoves } from './replay/ReplayMoves';
import { LanguageSelect } from './LanguageSelect';
import { TourButton } from './tour/TourPanel';
import { colourName, coloursName, fixedTexts, levelName, listOf, t } from '../i18n/index';
import { playerName } from '../i18n/playerNames';

export function Swatches({ colours }: { colours: readonly Colour[] }) {
  return (
    <span className="swatches">
      {colours.map((c) => (
        <span key={c} className={`swatch ${c}`} title={colourName(c)}>
          <SymbolMark colour={c} />
        </span>
      ))}
    </span>
  );
}

export function seatKind(seat: Seat): string {
  if (seat.kind === 'human') return seat.level ? watchTexts.takenOver(seat.level) : t('hud:human');
  return t('hud:computerLevel', { level: levelName(seat.level!) });
}

/** The HUD's own words with parameters (the others are looked up where shown): the hud namespace. */
export const hudTexts = fixedTexts('hud', ['rolledTitle', 'misere', 'paused', 'coordinatesTitle', 'rulesTitle', 'rules'] as const, {
  rolled: (n: number) => t('hud:rolledBalls', { count: n }),
  /** The hover preview: "f4: rolls 3 balls". */
  rolls: (square: string, n: number) => (n === 0 ? t('hud:previewNone', { square }) : t('hud:preview', { square, count: n })),
});

function Seats() {
  // What the board shows, not the engine's latest state (shownRound.ts).
  const toMove = useSession((s) => s.shown.toMove);
  // Seats are in the order of the round's players (session makeRound).
  const playerScores = useSession((s) => s.shown.playerScores);
  const seats = useSession((s) => s.seats);
  const thinking = useSession((s) => s.thinking);
  const misere = useSession((s) => s.snapshot.setup.misere);
  return (
    <section className="seats panel" aria-label={t('hud:players')}>
      {misere && (
        <div className="misere" data-testid="misere">
          {hudTexts.misere}
        </div>
      )}
      {seats.map((seat, i) => {
        const moving = toMove !== null && seat.colours.includes(toMove);
        return (
          <div key={i} className={`seat${moving ? ' to-move' : ''}`} data-seat={i} aria-current={moving ? 'true' : undefined}>
            <Swatches colours={seat.colours} />
            <span className="who">
              <span className="name">
                {playerName(seat.name)}
                {thinking?.seat === i && <span className="thinking-dot" aria-label={t('hud:thinkingDot')} />}
              </span>
              <span className="kind">
                {coloursName(seat.colours)} · {seatKind(seat)}
              </span>
              <TakeOverButton seat={seat} index={i} />
            </span>
            <span className="count" title={t('hud:countTitle')}>
              {playerScores[i]}
            </span>
          </div>
        );
      })}
    </section>
  );
}

function speedLabel(speed: number): string {
  return speed === Infinity ? t('hud:instant') : t('hud:speedTimes', { speed });
}

function Toolbar({ onNewGame, onRules }: { onNewGame: () => void; onRules: () => void }) {
  const takeBacks = useSession((s) => s.snapshot.setup.takeBacks);
  const canUndo = useSession((s) => s.snapshot.canUndo);
  const settings = useSession((s) => s.settings);
  const { undo, setSpeed, setSocketDots, setCoordinates } = useSession.getState();
  const busy = useDirector((s) => s.busy);
  const skip = useDirector((s) => s.skip);
  const toolbar = useRef<HTMLElement>(null);
  useToolbarHeight(toolbar);
  return (
    <nav ref={toolbar} className="toolbar panel" aria-label={t('hud:controls')}>
      <button className="btn primary" onClick={onNewGame}>
        {t('hud:newGame')}
      </button>
      {takeBacks && (
        <button className="btn" onClick={undo} disabled={!canUndo} title={t('hud:undoTitle')}>
          {t('hud:undo')}
        </button>
      )}
      <span className="group">
        <label>
          <span className="label-text">{t('hud:speed')}</span>
          <select aria-label={t('hud:speedLabel')} value={String(settings.speed)} onChange={(e) => setSpeed(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {speedLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <button className="btn" onClick={skip} disabled={!busy} title={t('hud:skipTitle')}>
          {t('hud:skip')}
        </button>
      </span>
      <button className={`btn${settings.socketDots ? ' on' : ''}`} aria-pressed={settings.socketDots} onClick={() => setSocketDots(!settings.socketDots)} title={t('hud:hintsTitle')}>
        {t('hud:hints')}
      </button>
      <button className={`btn${settings.coordinates ? ' on' : ''}`} aria-pressed={settings.coordinates} onClick={() => setCoordinates(!settings.coordinates)} title={hudTexts.coordinatesTitle}>
        a1
      </button>
      <button className="btn" onClick={onRules} title={hudTexts.rulesTitle}>
        {hudTexts.rules}
      </button>
      <TourButton />
      <WatchControls />
      <SoundControls />
      <RecordButtons />
      <CameraButtons />
      <ResetViewButton />
      <HelpButton />
      <LanguageSelect />
    </nav>
  );
}

function MoveList() {
  const moves = useSession((s) => s.shown.moves);
  const captions = useCaptions();
  const [ref, setRef] = useState<HTMLOListElement | null>(null);
  useEffect(() => {
    if (ref) ref.scrollTop = ref.scrollHeight;
  }, [ref, moves.length, captions.result]);
  return (
    <section className="moves panel" aria-label={t('hud:moves')}>
      <header>
        <span>{t('hud:movesCount', { count: moves.length })}</span>
        <CopyRecord />
      </header>
      <ol ref={setRef} tabIndex={0} aria-label={t('hud:movesPlayed')}>
        {moves.map((m, i) => (
          <li key={i} className={i === moves.length - 1 ? 'last' : undefined}>
            <SymbolMark colour={m.colour} />
            <span className="caption">{captions.moves[i]?.text ?? m.squares.join('+')}</span>
          </li>
        ))}
        {captions.result && <li className="result">{captions.result}</li>}
      </ol>
      <WinChanceGraph />
    </section>
  );
}

/** Copies the round's record (docs/record-format.md) to the clipboard: save and share a game. */
function CopyRecord() {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(useSession.getState().snapshot.record);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
    setTimeout(() => setCopied(null), 1500);
  };
  return (
    <button className="btn" style={{ padding: '1px 8px', fontSize: 12 }} onClick={copy} title={t('hud:copyRecordTitle')}>
      {copied === 'yes' ? t('hud:copied') : copied === 'failed' ? t('hud:copyNotAllowed') : t('hud:copyRecord')}
    </button>
  );
}

function useNow(active: boolean, every = 200): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now()); // not the time of the last tick, which may be long ago
    const id = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(id);
  }, [active, every]);
  return now;
}

function Status() {
  const result = useSession((s) => s.snapshot.result);
  const { toMove, moves, over, startThrow } = useSession((s) => s.shown);
  const paused = useSession((s) => s.paused);
  const preview = useSession((s) => s.preview);
  const seats = useSession((s) => s.seats);
  const thinking = useSession((s) => s.thinking);
  const clock = useSession((s) => s.clock);
  const message = useSession((s) => s.message);
  const moveNow = useSession((s) => s.moveNow);
  const suggest = useSession((s) => s.suggest);
  const nextRound = useSession((s) => s.nextRound);
  const now = useNow(clock !== null || thinking !== null);
  const seat = toMove ? seats.find((s) => s.colours.includes(toMove)) : undefined;
  const last = moves[moves.length - 1];
  const caption = useCaptions().moves.at(-1);
  const remaining = clock ? Math.max(0, Math.ceil((clock.deadline - now) / 1000)) : 0;
  return (
    <div className="status">
      {message && (
        <div key={message.id} className={`message ${message.kind}`} role={message.kind === 'refusal' ? 'alert' : 'status'} data-testid="message">
          {message.text}
        </div>
      )}
      {over && result && (
        <div className="bar panel" aria-live="polite">
          <span>
            {t('hud:roundOverLead')} <b>{listOf(result.winners.map((w) => playerName(seats[w]?.name ?? '')))}</b> {t('hud:wins', { count: result.winners.length })}
          </span>
          <button className="btn primary" onClick={nextRound}>
            {t('hud:nextRound')}
          </button>
        </div>
      )}
      {!over && (
        <div className="bar panel" aria-live="polite">
          {startThrow && (
            <span className="throw-caption" data-testid="throw-caption" aria-live="polite">
              {captionOf(startThrow)}
            </span>
          )}
          {toMove && (
            <span data-testid="turn">
              <span className={`swatch ${toMove}`} style={{ verticalAlign: -2, marginRight: 6 }} />
              {t('hud:toMoveLead')}<b>{seat ? playerName(seat.name) : colourName(toMove)}</b> {t('hud:toMove', { colour: colourName(toMove, true) })}
            </span>
          )}
          {preview && (
            <span data-testid="preview" className={preview.legal ? undefined : 'illegal'}>
              {preview.legal ? hudTexts.rolls(preview.square, preview.rolls.length) : preview.reason}
            </span>
          )}
          {!preview && last && caption && (
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
          {!thinking && seat?.kind === 'human' && (
            <button className="btn" onClick={suggest} title={t('hud:suggestTitle')}>
              {t('hud:suggest')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function Problems() {
  const problems = useSession((s) => s.problems);
  const dismiss = useSession((s) => s.dismissProblems);
  if (problems.length === 0) return null;
  return (
    <div className="problems" role="alert" data-testid="problems">
      <b>{t('hud:problems')}</b>
      <ul>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <button className="btn" onClick={dismiss}>
        {t('hud:ok')}
      </button>
    </div>
  );
}

export function Hud({ onNewGame, onRules }: { onNewGame: () => void; onRules: () => void }) {
  const replaying = useSession((s) => s.replay !== null);
  return (
    <div className="hud">
      <Seats />
      <Toolbar onNewGame={onNewGame} onRules={onRules} />
      <EvaluationBar />
      {replaying ? <ReplayMoves /> : <MoveList />}
      <Status />
      <Problems />
      <DemoPause />
    </div>
  );
}
