/** A computer level of the room could not search (a fault of the server): the table says that it plays at the fallback level. */
import { useOnline } from '../../app/online/pageOnline';
import { colourName, levelName, t } from '../../i18n/index';
import { LatestNotice } from './LatestNotice';

export function FallbackNotice() {
  const fallback = useOnline((s) => s.fallback);
  return (
    <LatestNotice
      latest={fallback}
      text={(m) => t('online:computerFallback', { colour: colourName(m.colour), level: levelName(m.level), fallback: levelName(m.fallback) })}
      testId="fallback-notice"
    />
  );
}
