import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage } from '../lib/i18n';

/** ENG/NOR segmented switch; changing it re-renders every translated string at once. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
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
          onClick={() => void i18n.changeLanguage(lang)}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </fieldset>
  );
}
