import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notifications';
import { RadioChoices } from '../../components/radio-choices';
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
        <RadioChoices
          name="language"
          options={LANGUAGES}
          chosen={active}
          onChoose={(lang) => void choose(lang)}
          testId="profile-language"
          label={(lang) => <span>{t(`profile.language.${lang}`)}</span>}
        />
      </div>
    </section>
  );
}
