/**
 * The page: the 3D view with the HUD over it, the round-over panel, the new-game and Play online
 * dialogs and the rules panel. While a modal dialog is open the game pauses (clocks, computer thinking, animations).
 */
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/page/pageSession';
import type { Level } from '../engine/index';
import { useLoadProgress } from '../scene/loadProgress';
import { AnalysisPanel } from './analysis/AnalysisPanel';
import { AccessLayer } from './a11y/AccessLayer';
import { anyPausingDialog, useOpenDialogs } from './a11y/openDialogs';
import { Hud } from './hud/Hud';
import { ReplayHud } from './replay/ReplayHud';
import { RulesPanel } from './RulesPanel';
import { SceneHost } from './SceneHost';
import { useTour } from '../tour/pageTour';
import { useBoardFrame } from './useBoardFrame';
import { closePlayOnline, usePlayOnline } from './online/playOnline';
import { useYourTurn } from './online/useYourTurn';
import { useOwnSide } from './online/useOwnSide';
import { useOnline } from '../app/online/pageOnline';
import { closeProfile, offerPlayerKey, useProfile } from './online/profile';
import { pageStorage } from '../app/page/pageStorage';
import { PLAYER_ID } from '../app/online/playerKey';
import { UpdateNotice } from './UpdateNotice';
import { LaterPart } from './LaterPart';

// The end of a round: its count and result, fetched when a round ends.
const RoundCount = lazy(() => import('./roundEnd/RoundCount').then((m) => ({ default: m.RoundCount })));
const TourPanel = lazy(() => import('./tour/TourPanel').then((m) => ({ default: m.TourPanel })));
const RoundOver = lazy(() => import('./RoundOver').then((m) => ({ default: m.RoundOver })));
const NewGameDialog = lazy(() => import('./NewGameDialog').then((m) => ({ default: m.NewGameDialog })));
const PlayOnlineDialog = lazy(() => import('./online/PlayOnlineDialog').then((m) => ({ default: m.PlayOnlineDialog })));
// Fetched when the page is in an online room (or joining one).
const OnlinePanel = lazy(() => import('./online/OnlinePanel').then((m) => ({ default: m.OnlinePanel })));
// Whether a seat of the page's player is in play somewhere (asked only of a player who has played online: fetched then).
const ReturnToGame = lazy(() => import('./online/ReturnToGame').then((m) => ({ default: m.ReturnToGame })));
// Your profile, the leaderboard, and a link from another device's question: fetched when first opened.
const PlayerDialogs = lazy(() => import('./online/ProfileDialog').then((m) => ({ default: m.PlayerDialogs })));

export function App({ levels, defaultLevel }: { levels: readonly Level[]; defaultLevel: Level }) {
  // The new-game dialog, for a local game or to set up an online table (Play online's "Set up a table…").
  const [dialog, setDialog] = useState<false | 'local' | 'online'>(false);
  useTranslation(); // a language change re-renders the whole overlay in the new language
  useBoardFrame(); // the camera frames the board in the room the panels leave
  // The first visit offers the rules (once the table is there, so the loading screen shows first),
  // when the page opens for a person to play: a watch link, the demo or a shared replay starts at once.
  const [rules, setRules] = useState<'offered' | 'asked' | null>(() => (useSession.getState().settings.rulesSeen ? null : 'offered'));
  const someonePlays = useSession((s) => !s.replay && s.seats.some((seat) => seat.kind === 'human'));
  // In an online room (an invite link, say) the rules are one click away in its panel, never over it;
  // until the room's round is on the table, nothing of the local game shows behind the room.
  const inRoom = useOnline((s) => s.status !== 'idle');
  const roundOver = useSession((s) => s.snapshot.result !== null);
  const tourOpen = useTour((s) => s.open);
  // The tour's panel is fetched when the tour first opens and stays after: it gives focus back when the tour closes.
  const [tourOpened, setTourOpened] = useState(tourOpen);
  if (tourOpen && !tourOpened) setTourOpened(true);
  const tableAway = useSession((s) => s.remote === null) && inRoom;
  useYourTurn();
  useOwnSide();
  const open = () => setDialog('local');
  const playOnline = usePlayOnline((s) => s.open);
  const playerDialog = useProfile((s) => s.view !== null || s.offeredKey !== null);
  // A link from another device asks its question first: the first visit's rules wait for its answer, never stacked on it.
  const deviceQuestion = useProfile((s) => s.offeredKey !== null);
  // The game also waits for the 3D view, so the start throw is seen from its beginning.
  const loading = !useLoadProgress((p) => p.settled);
  // Every modal dialog but the clip's counts (useDialogFocus); `dialog` and `playOnline` also cover
  // the new-game and Play online dialogs' lazy loading, before they have mounted.
  const dialogOpen = useOpenDialogs(anyPausingDialog);
  const paused = dialog !== false || playOnline || playerDialog || dialogOpen || loading;
  useEffect(() => useSession.getState().setPaused(paused), [paused]);
  const closeRules = () => {
    useSession.getState().rulesSeen();
    setRules(null);
  };
  return (
    <div className={tableAway ? 'app table-away' : 'app'}>
      <SceneHost />
      <Hud onNewGame={open} onRules={() => setRules('asked')} />
      {/* The tour's panel next in the Tab order: from its How to play button to the panel, then the board. */}
      <div className="hud">
        {tourOpened && (
          <LaterPart>
            <TourPanel />
          </LaterPart>
        )}
      </div>
      <ReplayHud />
      <div className="hud">
        <AnalysisPanel />
      </div>
      <div className="hud">
        {inRoom && (
          <LaterPart>
            <OnlinePanel levels={levels} defaultLevel={defaultLevel} onRules={() => setRules('asked')} />
          </LaterPart>
        )}
        {!inRoom && pageStorage()?.getItem(PLAYER_ID) && (
          <LaterPart>
            <ReturnToGame />
          </LaterPart>
        )}
      </div>
      <AccessLayer />
      <div className="hud">
        {roundOver && (
          <LaterPart>
            <RoundCount />
          </LaterPart>
        )}
      </div>
      <div className="hud">
        <UpdateNotice />
      </div>
      {roundOver && (
        <LaterPart>
          <RoundOver onNewGame={open} />
        </LaterPart>
      )}
      {(rules === 'asked' || (rules === 'offered' && someonePlays && !inRoom && !deviceQuestion)) && !loading && <RulesPanel onClose={closeRules} />}
      {dialog && (
        <LaterPart onFail={() => setDialog(false)}>
          <NewGameDialog levels={levels} defaultLevel={defaultLevel} online={dialog === 'online'} onClose={() => setDialog(false)} />
        </LaterPart>
      )}
      {playOnline && (
        <LaterPart onFail={closePlayOnline}>
          <PlayOnlineDialog onSetUpTable={() => setDialog('online')} />
        </LaterPart>
      )}
      {playerDialog && !loading && (
        <LaterPart
          onFail={() => {
            closeProfile();
            offerPlayerKey(null);
          }}
        >
          <PlayerDialogs />
        </LaterPart>
      )}
    </div>
  );
}
