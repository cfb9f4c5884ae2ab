import { useTranslation } from 'react-i18next';
import { useSetLanguage } from '../features/profile/use-set-language';
import { LANGUAGES, toLanguage } from '../lib/i18n';
import './language-switch.css';

/** ENG/NOR segmented switch; changing it re-renders every translated string at once, and saves it to the profile when logged in. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const setLanguage = useSetLanguage();
  const active = toLanguage(i18n.language);
  return (
    <fieldset className={`language-switch ${className}`} data-testid="language-switch">
      <legend className="visually-hidden">{t('language.label')}</legend>
      {[...LANGUAGES].reverse().map((lang) => (
        <button
          key={lang}
          type="button"
          className="language-switch__option"
          aria-pressed={active === lang}
          data-lang={lang}
          data-testid={`lang-${lang}`}
          onClick={() => void setLanguage(lang)}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </fieldset>
  );
}
