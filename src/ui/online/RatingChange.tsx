/** The change of this player's rating at the end of a rated round: "+12 · 1,532". */
import { useOnline } from '../../app/online/pageOnline';
import { t } from '../../i18n/index';
import { signed } from '../RoundOver';

export function RatingChange({ round }: { round: number }) {
  const rated = useOnline((s) => s.rated);
  const player = useOnline((s) => s.you?.player);
  const mine = rated?.round === round ? rated.seats.find((s) => s.player === player) : undefined;
  if (!mine) return null;
  const change = signed(mine.change);
  return (
    <p className="note" role="status" data-testid="rating-change">
      {t(mine.provisional ? 'online:ratingChangeProvisional' : 'online:ratingChange', { change, rating: mine.rating })}
      {mine.weight < 1 && <> {t('online:ratingWeighed', { percent: Math.round(mine.weight * 100) })}</>}
    </p>
  );
}
