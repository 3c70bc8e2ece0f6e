/** Someone resigned: the table says so for a while (their seat in the bar says it for the rest of the round). */
import { useOnline } from '../../app/online/pageOnline';
import { t } from '../../i18n/index';
import { LatestNotice } from './LatestNotice';

export function ResignedNotice() {
  const resigned = useOnline((s) => s.resigned);
  return <LatestNotice latest={resigned} text={(m) => t('online:resignedNotice', { name: m.name })} testId="resigned-notice" />;
}
