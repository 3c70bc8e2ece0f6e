/** The page: the 3D view with the HUD over it, the round-over panel and the new-game dialog. */
import { Suspense, lazy, useState } from 'react';
import { AnalysisPanel } from './analysis/AnalysisPanel';
import { AccessLayer } from './a11y/AccessLayer';
import { Hud } from './Hud';
import { RoundOver } from './RoundOver';
import { ReplayHud } from './replay/ReplayHud';
import { SceneHost } from './SceneHost';

const NewGameDialog = lazy(() => import('./NewGameDialog').then((m) => ({ default: m.NewGameDialog })));

export function App({ levels, defaultLevel }: { levels: readonly string[]; defaultLevel: string }) {
  const [dialog, setDialog] = useState(false);
  const open = () => setDialog(true);
  return (
    <div className="app">
      <SceneHost />
      <Hud onNewGame={open} />
      <ReplayHud />
      <div className="hud">
        <AnalysisPanel />
      </div>
      <AccessLayer />
      <RoundOver onNewGame={open} />
      {dialog && (
        <Suspense fallback={null}>
          <NewGameDialog levels={levels} defaultLevel={defaultLevel} onClose={() => setDialog(false)} />
        </Suspense>
      )}
    </div>
  );
}
