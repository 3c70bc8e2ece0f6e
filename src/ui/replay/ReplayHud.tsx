/** Replay's own overlay (beside the HUD): the replay controls, the save notice and page-wide file drop. */
import { PageDrop } from './PageDrop';
import { ReplayBar } from './ReplayBar';
import { SaveNotice } from './SaveNotice';
import './replay.css';

export function ReplayHud() {
  return (
    <div className="hud">
      <ReplayBar />
      <SaveNotice />
      <PageDrop />
    </div>
  );
}
