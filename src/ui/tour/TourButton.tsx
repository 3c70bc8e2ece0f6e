/** The HUD's button of the guided tour: apart from the tour's panel, which is fetched when the tour opens. */
import { useTour } from '../../tour/pageTour';
import { tourTexts } from '../../tour/texts';

/** The HUD's button that opens the tour (focus returns to it, or to the closed menu's button, when the tour is left). */
export const TOUR_BUTTON_ID = 'tour-button';

/** The HUD's "How to play" (or "Resume tour" when a tour was left unfinished). */
export function TourButton() {
  const open = useTour((s) => s.open);
  const resumeAt = useTour((s) => s.resumeAt);
  const resuming = !open && resumeAt !== null && resumeAt > 0;
  return (
    <button
      id={TOUR_BUTTON_ID}
      className={`btn${open ? ' on' : ''}`}
      aria-pressed={open}
      onClick={() => (open ? useTour.getState().exit() : useTour.getState().start())}
      title={resuming ? tourTexts.resumeTitle(resumeAt + 1) : tourTexts.howToPlayTitle}
    >
      {resuming ? tourTexts.resume : tourTexts.howToPlay}
    </button>
  );
}
