import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notifications';
import { LANGUAGES, type Language, toLanguage } from '../../lib/i18n';
import { useSetLanguage } from './use-set-language';
import './profile.css';

/** The UI language, saved to the profile as well. */
export function LanguageSection() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const setLanguage = useSetLanguage();
  const ids = useId();
  // The UI language is the user's choice (i18nextLng); the profile copy follows it when saved.
  const active = toLanguage(i18n.language);
  const choose = async (lang: Language) => {
    if (lang === active) return;
    await setLanguage(lang);
    notify('profile.language.saved');
  };
  return (
    <section className="card settings__section" id="language" aria-labelledby={`${ids}-title`}>
      <h2 className="card__title" id={`${ids}-title`}>
        {t('profile.language.title')}
      </h2>
      <p className="field__hint">{t('profile.language.hint')}</p>
      <div className="radio-group" role="radiogroup" aria-labelledby={`${ids}-title`} data-testid="profile-language">
        {LANGUAGES.map((lang) => (
          <label key={lang} className="radio">
            <input
              type="radio"
              name="language"
              value={lang}
              checked={active === lang}
              onChange={() => void choose(lang)}
              data-testid={`profile-language-${lang}`}
            />
            <span>{t(`profile.language.${lang}`)}</span>
          </label>
        ))}
      </div>
    </section>
  );
}
