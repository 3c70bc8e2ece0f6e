/** Everything for keyboard and screen-reader play, mounted once by the page after the HUD (tab order). */
import { BoardGrid } from './BoardGrid';
import { HelpOverlay } from './HelpOverlay';
import { useKeyboardControls } from './KeyboardControls';
import { LiveRegion } from './LiveRegion';
import { ReadingPanel } from './ReadingPanel';

export function AccessLayer() {
  useKeyboardControls();
  return (
    <>
      <BoardGrid />
      <ReadingPanel />
      <LiveRegion />
      <HelpOverlay />
    </>
  );
}
