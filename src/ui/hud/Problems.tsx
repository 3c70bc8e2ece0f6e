/** Problems with the URL or the saved settings, until dismissed. */
import { useSession } from '../../app/page/pageSession';
import { t } from '../../i18n/index';

export function Problems() {
  const problems = useSession((s) => s.problems);
  const dismiss = useSession((s) => s.dismissProblems);
  if (problems.length === 0) return null;
  return (
    <div className="problems" role="alert" data-testid="problems">
      <b>{t('hud:problems')}</b>
      <ul>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <button className="btn" onClick={dismiss}>
        {t('hud:ok')}
      </button>
    </div>
  );
}
