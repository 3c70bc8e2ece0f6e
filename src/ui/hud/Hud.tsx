/** The DOM overlay over the board: seats, toolbar, move list, status line and messages. */
import { useSession } from '../../app/page/pageSession';
import { EvaluationBar } from '../watch/EvaluationBar';
import { DemoPause } from '../watch/DemoPause';
import { ReplayMoves } from '../replay/ReplayMoves';
import { Seats } from './Seats';
import { Toolbar } from './Toolbar';
import { MoveList } from './MoveList';
import { Status } from './Status';
import { Problems } from './Problems';
import { StandInNotice } from './StandInNotice';

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
      <StandInNotice />
      <DemoPause />
    </div>
  );
}
