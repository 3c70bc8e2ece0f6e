/**
 * The computer's worker failed and a simpler level plays in its place: said until the person deals
 * with it (OK, taking a computer seat over, a new game). The seats say what plays each one meanwhile.
 */
import { useSession } from '../../app/page/pageSession';
import { sessionTexts } from '../../app/session/sessionTexts';
import { t } from '../../i18n/index';

export function StandInNotice() {
  // Online, the server's computer plays the seats: the page's stand-in only finds suggestions.
  const standIn = useSession((s) => (s.standInNotice && s.turnsHere ? s.standIn : null));
  const dismiss = useSession((s) => s.dismissStandIn);
  if (!standIn) return null;
  return (
    <div className="problems" role="alert" data-testid="stand-in-notice">
      <p>{sessionTexts.workerFallback(standIn)}</p>
      <button className="btn" onClick={dismiss}>
        {t('hud:ok')}
      </button>
    </div>
  );
}
