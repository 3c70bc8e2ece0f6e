/** The server is stopping: the seconds until it closes the room, and the round it saved to play on here. */
import { t } from '../../i18n/index';
import { useNow } from '../hud/useNow';
import { UnfinishedRounds } from './UnfinishedRounds';

export function Closing({ deadline }: { deadline: number }) {
  const now = useNow(true, 500);
  return (
    <div className="online-banner closing panel" role="status" data-testid="online-closing">
      {t('online:closing', { count: Math.max(0, Math.ceil((deadline - now) / 1000)) })} <UnfinishedRounds />
    </div>
  );
}
