/** Replay's own overlay (beside the HUD): the replay controls, the save notice and page-wide file drop. */
import { lazy } from 'react';
import { useSession } from '../../app/page/pageSession';
import { LaterPart } from '../LaterPart';
import { PageDrop } from './PageDrop';
import { SaveNotice } from './SaveNotice';
import './replay.css';

// The replay's controls: fetched when a replay opens.
const ReplayBar = lazy(() => import('./ReplayBar').then((m) => ({ default: m.ReplayBar })));

export function ReplayHud() {
  const replaying = useSession((s) => !!s.replay);
  return (
    <div className="hud">
      {replaying && (
        // Without its controls a replay could not be stepped through or left: left at once.
        <LaterPart onFail={() => useSession.getState().leaveReplay()}>
          <ReplayBar />
        </LaterPart>
      )}
      <SaveNotice />
      <PageDrop />
    </div>
  );
}
