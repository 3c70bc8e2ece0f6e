/**
 * The guided tour's panel (bottom centre, below the board the camera shows): the step's title and
 * text, its task and whether the example move is made, the refusal of a wrong click, and Back /
 * Next / Exit. Not modal (the board stays in reach): a labelled region in the Tab order after the
 * toolbar. Focus goes to the step's title on every step and back to the HUD's button on exit (the
 * Menu button while the menu that holds it is closed);
 * Escape leaves the tour, from the panel or the board, unless a dialog or a half-made double has it.
 */
import { useEffect, useRef } from 'react';
import { reducedMotionOn, useAccess } from '../../app/setup/accessPrefs';
import { useSession } from '../../app/page/pageSession';
import { useBoardCursor } from '../../app/session/boardCursor';
import { cursorSquare } from '../a11y/commands';
import { focusBoardSquare } from '../a11y/BoardGrid';
import { playThrow, useTour } from '../../tour/pageTour';
import { useOpenDialogs } from '../a11y/openDialogs';
import { TOUR_STEPS } from '../../tour/steps';
import { tourTexts } from '../../tour/texts';
import { exampleMade } from '../../tour/tourDriver';
import { returnFocus } from '../hud/settingsMenu';
import { TOUR_BUTTON_ID } from './TourButton';
import './tour.css';


export function TourPanel() {
  const open = useTour((s) => s.open);
  const index = useTour((s) => s.step);
  const before = useTour((s) => s.before);
  const moves = useSession((s) => s.snapshot.state.moves);
  const message = useSession((s) => s.message);
  const title = useRef<HTMLHeadingElement>(null);
  // With reduced motion the throw is not played: the ball lies showing its result.
  const throwPlays = !useAccess(reducedMotionOn);
  // While touring, the panels about a game (replay bar, evaluation, analysis) make room for the board.
  useEffect(() => {
    document.body.toggleAttribute('data-touring', open);
  }, [open]);
  // Focus follows the tour: its step's title while open; back to the HUD button when it closes
  // (not at the page's start: a page that opens with the tour closed leaves focus where it is).
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open) title.current?.focus();
    else if (wasOpen.current && (document.activeElement === document.body || !document.activeElement)) returnFocus(document.getElementById(TOUR_BUTTON_ID));
    wasOpen.current = open;
  }, [open, index]);
  // Escape anywhere leaves the tour (captured before the board's own Escape, which only drops a
  // half-made double: that one is left to the board, as is any Escape a modal dialog takes).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || useOpenDialogs.getState().open.length > 0 || useSession.getState().pendingDouble) return;
      if (e.target instanceof Element && e.target.closest('input, select, textarea')) return;
      e.preventDefault();
      leaveTour();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);
  if (!open) return null;
  const step = TOUR_STEPS[index];
  const last = index === TOUR_STEPS.length - 1;
  const made = exampleMade(step, moves, before);
  const waiting = !!step.move && !made;
  const { go, finish } = useTour.getState();
  const toBoard = () => {
    const square = cursorSquare();
    useBoardCursor.getState().moveTo(square);
    focusBoardSquare(square);
  };
  return (
    <section className="tour-panel card" role="region" aria-labelledby="tour-title" data-testid="tour" data-step={step.id} data-made={made || undefined}>
      <p className="tour-step">
        {tourTexts.label} · {tourTexts.stepOf(index + 1, TOUR_STEPS.length)}
      </p>
      <h2 id="tour-title" ref={title} tabIndex={-1}>
        {tourTexts.title(step.id)}
      </h2>
      <p>{tourTexts.body(step.id)}</p>
      {step.move && <p className="tour-task">{tourTexts.task(step.id)}</p>}
      <div aria-live="polite" data-testid="tour-feedback">
        {made && <p className="tour-done">✓ {tourTexts.done(step.id)}</p>}
        {waiting && message?.kind === 'refusal' && <p className="tour-refusal">{message.text}</p>}
      </div>
      {waiting && <p className="tour-waiting">{tourTexts.waiting}</p>}
      <div className="actions">
        <button type="button" className="btn" onClick={() => go(index - 1)} disabled={index === 0}>
          {tourTexts.back}
        </button>
        {step.playsThrow && throwPlays && (
          <button type="button" className="btn" onClick={playThrow} title={tourTexts.throwAgainTitle}>
            {tourTexts.throwAgain}
          </button>
        )}
        {waiting && (
          <button type="button" className="btn" onClick={toBoard} title={tourTexts.toBoardTitle}>
            {tourTexts.toBoard}
          </button>
        )}
        {last ? (
          <button type="button" className="btn primary" onClick={finish}>
            {tourTexts.finish}
          </button>
        ) : (
          <button type="button" className="btn primary" onClick={() => go(index + 1)} disabled={waiting}>
            {tourTexts.next}
          </button>
        )}
        <button type="button" className="btn" onClick={leaveTour} title={tourTexts.exitTitle}>
          {tourTexts.exit}
        </button>
      </div>
    </section>
  );
}

/** Leaves the tour, focus back on the HUD's button that opened it. */
function leaveTour(): void {
  useTour.getState().exit();
  returnFocus(document.getElementById(TOUR_BUTTON_ID));
}
