/**
 * The end of a round on the table: while the board counts its balls colour by colour, a tally
 * beside it (each colour's symbol, name, player and number so far, the colour being counted
 * marked), then the winner's moment; each colour's total and the winner are read out. Escape, a
 * click anywhere or Skip goes straight to the result dialog (the director skips to the end).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Colour, seatOfColour } from '../../engine/index';
import { useSession } from '../../app/page/pageSession';
import { pageDirector } from '../../director/store';
import { colourName, t } from '../../i18n/index';
import { playerName } from '../../i18n/playerNames';
import { useAnnouncer } from '../a11y/announcer';
import { anyPausingDialog, useOpenDialogs } from '../a11y/openDialogs';
import { Swatches } from '../hud/Swatches';
import { roundEndTexts as texts } from './texts';
import { type RoundCount as Count, useRoundCount } from './useRoundCount';
import './roundEnd.css';

const skip = () => pageDirector().status.getState().skip();

export function RoundCount() {
  const count = useRoundCount();
  const seats = useSession((s) => s.seats);
  const result = useSession((s) => s.snapshot.result);
  const misere = useSession((s) => s.snapshot.setup.misere);
  const counting = count !== null;
  useSkipKeys(counting);
  const nameOf = (colour: Colour) => playerName(seats[seatOfColour(seats, colour)]?.name ?? '');
  const winnerNames = (result?.winners ?? []).map((w) => playerName(seats[w]?.name ?? ''));
  const winnerText = texts.winner(winnerNames, winnerNames[0] === t('dialogs:you'));
  useReadOut(count, (colour) => texts.colourTotal(colour, nameOf(colour), result?.scores[colour] ?? 0), winnerText);
  if (!count || !result) return null;
  const colours = seats.flatMap((s) => s.colours);
  const winnersMoment = count.phase === 'winner';
  return (
    <section className="round-count panel" aria-label={texts.title} data-testid="round-count" data-phase={count.phase}>
      <header>
        <h2>{texts.title}</h2>
        <button className="btn" onClick={skip} title={texts.skipTip}>
          {texts.skip}
        </button>
      </header>
      <ul>
        {colours.map((colour) => {
          const state = colour === count.counting ? 'counting' : winnersMoment && count.winners.includes(colour) ? 'winner' : undefined;
          return (
            <li key={colour} data-colour={colour} className={state} aria-current={colour === count.counting ? 'true' : undefined}>
              <Swatches colours={[colour]} />
              <span className="colour">{colourName(colour)}</span>
              <span className="player">{nameOf(colour)}</span>
              <b className="n">{count.counted[colour] ?? 0}</b>
            </li>
          );
        })}
      </ul>
      {winnersMoment && (
        <p className="round-winner" data-testid="round-winner">
          {winnerText}
          {misere && <span className="note">{texts.fewestWins}</span>}
        </p>
      )}
    </section>
  );
}

/** While the count plays, Escape or a click anywhere skips to the result (not inside an open dialog). */
function useSkipKeys(on: boolean): void {
  // A layout effect: listening from the moment the tally is in the page, so a click or Escape as
  // it appears is not lost before a passive effect would run.
  useLayoutEffect(() => {
    if (!on) return;
    const inDialog = (e: Event) =>
      anyPausingDialog(useOpenDialogs.getState()) || (e.target instanceof Element && e.target.closest('[role="dialog"]') !== null);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || inDialog(e)) return;
      e.preventDefault();
      skip();
    };
    const onPointer = (e: PointerEvent) => {
      if (!inDialog(e)) skip();
    };
    // Capture: the skip comes before the board's own Escape and pointer handling.
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [on]);
}

/** Reads each colour's total out once its count is complete, and the winner with the last total. */
function useReadOut(count: Count | null, total: (colour: Colour) => string, winner: string): void {
  const before = useRef<Count | null>(null);
  useEffect(() => {
    const previous = before.current;
    before.current = count;
    if (!count || !previous) return;
    const finished = previous.counting && previous.counting !== count.counting ? total(previous.counting) : null;
    const say = useAnnouncer.getState().say;
    if (count.phase === 'winner' && previous.phase !== 'winner') say([finished, winner].filter(Boolean).join(' '));
    else if (finished) say(finished);
  });
}
