/** The HUD's language select: each language in its own name; the choice is remembered on this device. */
import { useTranslation } from 'react-i18next';
import { pageStorage } from '../app/page/pageStorage';
import { currentLanguage, isLanguage, LANGUAGES, setLanguage, t } from '../i18n/index';


export function LanguageSelect() {
  useTranslation(); // re-render when the language changes
  return (
    <select
      className="language"
      aria-label={t('hud:language')}
      title={t('hud:language')}
      value={currentLanguage()}
      data-testid="language"
      onChange={(e) => isLanguage(e.target.value) && void setLanguage(e.target.value, pageStorage()).catch((error: unknown) => console.error(error))}
    >
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
